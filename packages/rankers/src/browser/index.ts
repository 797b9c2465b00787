export { BROWSER_SAFE_RANKERS } from '../browser-safe-rankers.js';
export { createBrowserSafeRegistry } from '../create-browser-safe-registry.js';
export { bm25fDefinition } from '../bm25f-definition.js';
export { regexDefinition } from '../regex-definition.js';
