import { integerOption } from '@loadout/core/utils';

/** Results returned when a search names no limit. */
export const DEFAULT_SEARCH_LIMIT = 5;

/** Reads `limit` from search options: an integer ≥ 1 (the contract's range is 1–100; larger values are served too). */
export function readSearchLimit(limit: number | undefined, ranker: string): number {
  return integerOption(`@loadout/bm25 ${ranker}`, 'limit', limit, DEFAULT_SEARCH_LIMIT, 1);
}
