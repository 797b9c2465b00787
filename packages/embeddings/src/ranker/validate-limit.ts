import { createLoadoutError } from '@loadout/core';

/** The result count of a search: `limit` (default 5) checked to be an integer ≥ 1. */
export function resolveLimit(limit: number | undefined): number {
  const value = limit ?? 5;
  if (!Number.isInteger(value) || value < 1) {
    throw createLoadoutError('invalid-option', `@loadout/embeddings: limit must be an integer ≥ 1, got ${String(limit)}`, { limit });
  }
  return value;
}
