/** The largest `limit` one search takes: what a ranker returns at most. */
export const MAX_SEARCH_LIMIT = 100;

/**
 * Whether `value` is a search limit: an integer from `min` (default 1) to
 * {@link MAX_SEARCH_LIMIT}, for a caller with an error of its own (the WASM
 * component's `--limit`); an option reads its limit with `integerOption`.
 */
export function isSearchLimit(value: unknown, min = 1): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= MAX_SEARCH_LIMIT;
}
