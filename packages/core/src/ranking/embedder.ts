/**
 * Turns texts into vectors. Version 1 of this contract. Implementations:
 * transformers.js models and static word-vector models in `@loadout/embeddings`.
 */
export interface Embedder {
  readonly specificationVersion: 'v1';
  /** Identifies the model and its settings (e.g. `Xenova/all-MiniLM-L6-v2#q8`); part of every cache key. */
  readonly modelId: string;
  /** Length of every vector returned. */
  readonly dimensions: number;
  /**
   * One vector per text, in order, L2-normalised (so dot product = cosine).
   * Deterministic for a given model and text.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}
