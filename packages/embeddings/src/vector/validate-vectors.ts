import { createLoadoutError } from '@loadout/core';

/** Throws `invalid-input` unless every entry has a non-empty key and `dimensions` finite numbers. */
export function validateEntries(
  entries: readonly { readonly key: string; readonly vector: Float32Array }[],
  dimensions: number,
): void {
  for (const { key, vector } of entries) {
    if (typeof key !== 'string' || key.length === 0) {
      throw createLoadoutError('invalid-input', `@loadout/embeddings: vector keys must be non-empty strings, got ${JSON.stringify(key)}`, { key });
    }
    validateVector(vector, dimensions, `vector ${JSON.stringify(key)}`);
  }
}

/** Throws `invalid-input` unless `vector` has `dimensions` finite numbers. */
export function validateVector(vector: Float32Array, dimensions: number, what = 'query vector'): void {
  if (!(vector instanceof Float32Array) || vector.length !== dimensions) {
    throw createLoadoutError(
      'invalid-input',
      `@loadout/embeddings: ${what} must be a Float32Array of ${dimensions} entries, got ${vector instanceof Float32Array ? vector.length : typeof vector}`,
      { dimensions },
    );
  }
  for (let index = 0; index < dimensions; index++) {
    if (!Number.isFinite(vector[index])) {
      throw createLoadoutError('invalid-input', `@loadout/embeddings: ${what} has a non-finite entry at ${index}`, { index });
    }
  }
}

/** Throws `invalid-input` unless `k` is an integer ≥ 1. */
export function validateK(k: number): void {
  if (!Number.isInteger(k) || k < 1) {
    throw createLoadoutError('invalid-input', `@loadout/embeddings: k must be an integer ≥ 1, got ${String(k)}`, { k });
  }
}

/** Throws `invalid-option` unless `dimensions` is an integer in 1–65,536. */
export function validateDimensions(dimensions: number): void {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 65_536) {
    throw createLoadoutError('invalid-option', `@loadout/embeddings: dimensions must be an integer from 1 to 65536, got ${String(dimensions)}`, { dimensions });
  }
}
