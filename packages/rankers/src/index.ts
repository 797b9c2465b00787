export { BUILTIN_RANKERS } from './builtin-rankers.js';
export { createBuiltinRegistry } from './create-builtin-registry.js';
export { bm25fDefinition } from './bm25f-definition.js';
export { winkBm25Definition } from './wink-bm25-definition.js';
export { regexDefinition } from './regex-definition.js';
export { staticEmbeddingDefinition } from './static-embedding-definition.js';
export { hybridDefinition } from './hybrid-definition.js';
export type { SemanticOptions } from './semantic-options.js';
