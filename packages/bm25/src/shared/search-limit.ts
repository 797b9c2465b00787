import { createLoadoutError, describeValue } from '@loadout/core';

/** Results returned when a search names no limit. */
export const DEFAULT_SEARCH_LIMIT = 5;

/** Reads `limit` from search options: a positive integer (the contract's range is 1–100; larger values are served too). */
export function readSearchLimit(limit: number | undefined, ranker: string): number {
  if (limit === undefined) return DEFAULT_SEARCH_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw createLoadoutError('invalid-option', `@loadout/bm25 ${ranker}: limit must be a positive integer (got ${describeValue(limit)})`, {
      option: 'limit',
      value: limit,
    });
  }
  return limit;
}
