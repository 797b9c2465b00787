export { createTransformersEmbedder } from './transformers-embedder.js';
export type { TransformersEmbedder, TransformersEmbedderOptions } from './transformers-embedder.js';
