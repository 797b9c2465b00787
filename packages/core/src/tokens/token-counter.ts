/**
 * Counts tokens of text as a model would see it. Implementations must be
 * pure functions of `text` (same text, same count) so counts can be cached by
 * content. Version 1 of this contract.
 */
export interface TokenCounter {
  readonly specificationVersion: 'v1';
  /** Identifies the tokenizer (e.g. `tiktoken/o200k_base`); part of every cache key. */
  readonly id: string;
  /** Token count of `text`; a non-negative integer. Must not throw for any string. */
  count(text: string): number;
}
