export type { ToolEmbedder, FittableEmbedder } from './tool-embedder.js';
export type { InspectableVectorIndex, PersistentVectorIndex } from './inspectable-vector-index.js';
