export { BROWSER_SAFE_RANKERS } from '../browser-safe-rankers.js';
export { createBrowserSafeRegistry, assertBrowserSafe } from '../create-browser-safe-registry.js';
export { bm25fDefinition } from '../bm25f-definition.js';
export { winkBm25Definition } from '../wink-bm25-definition.js';
export { regexDefinition } from '../regex-definition.js';
