export { createTransformersEmbedder } from './transformers-embedder.js';
export type { TransformersEmbedder, TransformersEmbedderOptions } from './transformers-embedder.js';
export type { FeatureExtractionPipeline, PipelineEmbedder, PipelineEmbedderOptions } from './pipeline-embedder.js';
