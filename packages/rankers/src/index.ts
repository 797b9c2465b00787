export { BUILTIN_RANKERS } from './builtin-rankers.js';
export { createBuiltinRegistry } from './create-builtin-registry.js';
export { bm25fDefinition } from './bm25f-definition.js';
export { regexDefinition } from './regex-definition.js';
