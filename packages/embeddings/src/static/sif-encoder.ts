import { tokenizeIdentifiers } from '../text/tokenize-identifiers.js';
import type { ToolFields } from '../text/tool-fields.js';
import type { FieldWeights } from './field-weights.js';
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

/** Turns text into un-normalised smooth-inverse-frequency weighted word-vector averages. */
export interface SifEncoder {
  readonly dimensions: number;
  /** Adds `weight` × the SIF average of `text`'s known words to `target`; returns the known-word count. */
  addText(target: Float32Array, text: string, weight: number): number;
  /** The SIF average of a plain text. */
  encodeText(text: string): Float32Array;
  /** The field-weighted sum of the SIF averages of each field. */
  encodeFields(fields: ToolFields, weights: FieldWeights): Float32Array;
  /** True when the table has this (lower-case) word. */
  has(word: string): boolean;
}

/**
 * Builds a {@link SifEncoder} over a table: weight a / (a + p(w)) per word,
 * with p(w) from the word's frequency rank by {@link zipfProbability}; words
 * the table lacks are skipped. Pure.
 */
export function createSifEncoder(table: WordVectorTable, sifA = DEFAULT_SIF_A): SifEncoder {
  const { dimensions, values, scales } = table;
  const rows = new Map<string, number>();
  table.words.forEach((word, row) => rows.set(word, row));
  const weights = new Float32Array(table.words.length);
  for (let row = 0; row < weights.length; row++) {
    weights[row] = (sifA / (sifA + zipfProbability(table.ranks[row]!, table.vocabularySize))) * scales[row]!;
  }

  const addText = (target: Float32Array, text: string, weight: number): number => {
    const found: number[] = [];
    for (const token of tokenizeIdentifiers(text)) {
      const row = rows.get(token);
      if (row !== undefined) found.push(row);
    }
    if (found.length === 0 || weight === 0) return found.length;
    const share = weight / found.length;
    for (const row of found) {
      const factor = share * weights[row]!;
      const offset = row * dimensions;
      for (let index = 0; index < dimensions; index++) target[index]! += factor * values[offset + index]!;
    }
    return found.length;
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
  };
}
