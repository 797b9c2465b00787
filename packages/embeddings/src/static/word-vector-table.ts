/**
 * A compact word-vector table: int8 values with one float32 scale per row
 * (row value = `values[row * dimensions + i] * scales[row]`).
 */
export interface WordVectorTable {
  /** Entries per vector; 1–4,096. */
  readonly dimensions: number;
  /** Number of words in the source vocabulary, for Zipf frequency estimates. */
  readonly vocabularySize: number;
  /** One word per row, in row order. */
  readonly words: readonly string[];
  /** 0-based frequency rank of each row's word in the source vocabulary. */
  readonly ranks: Uint32Array;
  /** One scale per row. */
  readonly scales: Float32Array;
  /** `words.length × dimensions` quantised values, row-major. */
  readonly values: Int8Array;
}
