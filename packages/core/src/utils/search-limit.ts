/** The largest `limit` one search takes: what a ranker returns at most. */
export const MAX_SEARCH_LIMIT = 100;

/**
 * Whether `value` is a search limit: an integer from `min` (default 1; a
 * `maxLimit` passes its `limit`) to {@link MAX_SEARCH_LIMIT}. The one check
 * behind every `limit` / `maxLimit` option (the adapters' kit, the Anthropic
 * adapter, the evaluator).
 */
export function isSearchLimit(value: unknown, min = 1): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= MAX_SEARCH_LIMIT;
}
