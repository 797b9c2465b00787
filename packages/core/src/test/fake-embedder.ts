import type { Embedder } from '../ranking/embedder.js';
import { toNameWords } from '../ranking/tool-name-match.js';
import { fnv1a32 } from '../utils/fnv1a.js';

/** Options of {@link createFakeEmbedder}. */
export interface FakeEmbedderOptions {
  /** Vector length. Default 32; an integer ≥ 2. */
  readonly dimensions?: number;
  /** Default `fake-embedder`. */
  readonly modelId?: string;
}

/** A {@link FakeEmbedder} also counts the texts it embedded. */
export interface FakeEmbedder extends Embedder {
  /** Texts embedded so far (for cache tests). */
  readonly embeddedCount: number;
}

/** The fake embedding of one text (see {@link createFakeEmbedder}). */
export function fakeEmbedding(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const word of toNameWords(text)) {
    const hash = fnv1a32(word);
    const first = hash % dimensions;
    vector[first] = vector[first]! + ((hash & 0x80000000) === 0 ? 1 : -1);
    const second = Math.imul(hash, 0x9e3779b1) >>> 0;
    const other = second % dimensions;
    vector[other] = vector[other]! + ((second & 0x80000000) === 0 ? 0.5 : -0.5);
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm === 0) {
    vector.fill(0);
    vector[0] = 1;
    return vector;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let index = 0; index < dimensions; index++) vector[index] = vector[index]! * scale;
  return vector;
}

/**
 * A deterministic {@link Embedder} by feature hashing: each word (see
 * `toNameWords`) adds ±1 and ±0.5 to two hashed dimensions; the sum is
 * L2-normalised. Texts sharing words get similar vectors; a text without
 * words gets the first unit vector.
 */
export function createFakeEmbedder(options: FakeEmbedderOptions = {}): FakeEmbedder {
  const dimensions = options.dimensions ?? 32;
  let embeddedCount = 0;
  return {
    specificationVersion: 'v1',
    modelId: options.modelId ?? 'fake-embedder',
    dimensions,
    get embeddedCount() {
      return embeddedCount;
    },
    embed(texts) {
      embeddedCount += texts.length;
      return Promise.resolve(texts.map((text) => fakeEmbedding(text, dimensions)));
    },
  };
}
