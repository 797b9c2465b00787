import { tokenizeIdentifiers } from '../text/tokenize-identifiers.js';
import type { ToolFields } from '../text/tool-fields.js';
import type { FieldWeights } from './field-weights.js';
import { DEFAULT_STATIC_STOPWORDS } from './stopwords.js';
import type { WordVectorTable } from './word-vector-table.js';

/** Default of the SIF smoothing constant `a`. */
export const DEFAULT_SIF_A = 1e-3;

const EULER_GAMMA = 0.5772156649015329;

/**
 * Probability of the word of 0-based frequency rank `rank` under Zipf's law
 * over a vocabulary of `vocabularySize` words: 1 / ((rank + 1) · H(size)).
 */
export function zipfProbability(rank: number, vocabularySize: number): number {
  const size = Math.max(1, vocabularySize);
  const harmonic = Math.log(size) + EULER_GAMMA + 1 / (2 * size);
  return 1 / ((rank + 1) * harmonic);
}

/** Options of {@link createSifEncoder}. */
export interface SifEncoderOptions {
  /** SIF smoothing constant `a`. Default 0.001; range (0, 1]. */
  sifA?: number;
  /** Words skipped entirely. Default {@link DEFAULT_STATIC_STOPWORDS}; an empty set keeps every word. */
  stopwords?: ReadonlySet<string>;
}

/** Turns text into un-normalised sums of smooth-inverse-frequency weighted word vectors. */
export interface SifEncoder {
  readonly dimensions: number;
  /** Adds `weight` × SIF weight × vector of each known, non-stopword token of `text` to `target`; returns how many were added. */
  addText(target: Float32Array, text: string, weight: number): number;
  /** The SIF-weighted sum of a plain text's word vectors. */
  encodeText(text: string): Float32Array;
  /** The sum over fields of field weight × the field's SIF-weighted word vectors. */
  encodeFields(fields: ToolFields, weights: FieldWeights): Float32Array;
  /** True when the table has this (lower-case) word. */
  has(word: string): boolean;
  /** True when the word is skipped as a stopword. */
  isStopword(word: string): boolean;
}

/**
 * Builds a {@link SifEncoder} over a table: weight a / (a + p(w)) per word,
 * with p(w) from the word's frequency rank by {@link zipfProbability}; words
 * the table lacks and stopwords are skipped. Every token counts (a sum, not a
 * per-field mean: measured better, since normalisation follows anyway). Pure.
 */
export function createSifEncoder(table: WordVectorTable, options: SifEncoderOptions = {}): SifEncoder {
  const sifA = options.sifA ?? DEFAULT_SIF_A;
  const stopwords = options.stopwords ?? DEFAULT_STATIC_STOPWORDS;
  const { dimensions, values, scales } = table;
  const rows = new Map<string, number>();
  table.words.forEach((word, row) => rows.set(word, row));
  const weights = new Float32Array(table.words.length);
  for (let row = 0; row < weights.length; row++) {
    weights[row] = (sifA / (sifA + zipfProbability(table.ranks[row]!, table.vocabularySize))) * scales[row]!;
  }

  const addText = (target: Float32Array, text: string, weight: number): number => {
    let added = 0;
    for (const token of tokenizeIdentifiers(text)) {
      if (stopwords.has(token)) continue;
      const row = rows.get(token);
      if (row === undefined) continue;
      added++;
      const factor = weight * weights[row]!;
      if (factor === 0) continue;
      const offset = row * dimensions;
      for (let index = 0; index < dimensions; index++) target[index]! += factor * values[offset + index]!;
    }
    return added;
  };

  return {
    dimensions,
    addText,
    encodeText(text) {
      const vector = new Float32Array(dimensions);
      addText(vector, text, 1);
      return vector;
    },
    encodeFields(fields, fieldWeights) {
      const vector = new Float32Array(dimensions);
      addText(vector, fields.name, fieldWeights.name);
      addText(vector, fields.description, fieldWeights.description);
      addText(vector, fields.parameterDescriptions, fieldWeights.parameterDescriptions);
      addText(vector, fields.parameterNames, fieldWeights.parameterNames);
      return vector;
    },
    has: (word) => rows.has(word),
    isStopword: (word) => stopwords.has(word),
  };
}
