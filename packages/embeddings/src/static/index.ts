export type { WordVectorTable } from './word-vector-table.js';
export { encodeWordVectorTable, decodeWordVectorTable } from './table-codec.js';
export type { FieldWeights } from './field-weights.js';
export type { StaticEmbedder, StaticEmbedderOptions } from './static-embedder.js';
export { createStaticEmbedder } from './create-static-embedder.js';
export type { CreateStaticEmbedderOptions } from './create-static-embedder.js';
export { loadStaticVectors } from './load-static-vectors.js';
export { defaultStaticTablePath } from './default-table-path.js';
