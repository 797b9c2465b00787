import { integerOption } from '@loadout/core/utils';
import type { WordVectorSource } from './parse-word-vector-json.js';
import type { WordVectorTable } from './word-vector-table.js';

/** Default for {@link CompactWordVectorsOptions.maxWords}. */
export const DEFAULT_MAX_WORDS = 50_000;

/** Options of {@link compactWordVectors}. */
export interface CompactWordVectorsOptions {
  /** Keep the most frequent this many words (of letters and digits only). Default 50,000; a positive integer. */
  maxWords?: number;
  /** Words kept as well when the source has them (a catalog's words). Default: none. */
  extraWords?: Iterable<string>;
}

const WORD = /^[\p{L}\p{N}]+$/u;

/** True for the words a table keeps: lower-case runs of letters and digits, as the tokenizer emits. */
export function isTableWord(word: string): boolean {
  return WORD.test(word) && word === word.toLowerCase();
}

/**
 * Quantises word vectors to int8 with one float32 scale per row (the row's
 * largest magnitude maps to 127), keeping the `maxWords` most frequent table
 * words and any `extraWords` the source has. Rows are ordered by frequency
 * rank. Pure.
 */
export function compactWordVectors(source: WordVectorSource, options: CompactWordVectorsOptions = {}): WordVectorTable {
  const maxWords = integerOption('@loadout/embeddings', 'maxWords', options.maxWords, DEFAULT_MAX_WORDS, 1);
  const extra = new Set(options.extraWords ?? []);
  const entries = [...source.vectors]
    .filter(([word]) => isTableWord(word))
    .sort((left, right) => left[1].rank - right[1].rank || (left[0] < right[0] ? -1 : 1));
  const kept = [...entries.slice(0, maxWords), ...entries.slice(maxWords).filter(([word]) => extra.has(word))];
  const dimensions = source.dimensions;
  const ranks = new Uint32Array(kept.length);
  const scales = new Float32Array(kept.length);
  const values = new Int8Array(kept.length * dimensions);
  kept.forEach(([, { rank, vector }], row) => {
    let largest = 0;
    for (let index = 0; index < dimensions; index++) largest = Math.max(largest, Math.abs(vector[index]!));
    const scale = largest / 127;
    ranks[row] = rank;
    scales[row] = scale;
    if (scale === 0) return;
    const offset = row * dimensions;
    for (let index = 0; index < dimensions; index++) {
      values[offset + index] = Math.max(-127, Math.min(127, Math.round(vector[index]! / scale)));
    }
  });
  let vocabularySize = source.words.length;
  for (const rank of ranks) vocabularySize = Math.max(vocabularySize, rank + 1);
  return {
    dimensions,
    vocabularySize,
    words: kept.map(([word]) => word),
    ranks,
    scales,
    values,
  };
}
