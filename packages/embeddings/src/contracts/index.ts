export { isToolEmbedder, isFittableEmbedder } from './tool-embedder.js';
export type { ToolEmbedder, FittableEmbedder } from './tool-embedder.js';
export { isInspectableVectorIndex, isPersistentVectorIndex } from './inspectable-vector-index.js';
export type { InspectableVectorIndex, PersistentVectorIndex } from './inspectable-vector-index.js';
