import { createLoadoutError } from '@loadout/core';

/**
 * The result count of a search: `limit` (default 5) checked to be a safe
 * integer ≥ 1 (NaN, fractions, infinities and values past 2^53 are
 * `invalid-option`); anything larger than the catalog means "all".
 */
export function resolveLimit(limit: number | undefined): number {
  const value = limit ?? 5;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw createLoadoutError('invalid-option', `@loadout/embeddings: limit must be an integer ≥ 1, got ${String(limit)}`, { limit });
  }
  return value;
}
