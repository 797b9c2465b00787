import { describeValue } from '../errors/loadout-error.js';
import { isPlainObject } from '../catalog/is-plain-object.js';
import type { OverLimit } from './tool-search-answer.js';

/** Valid arguments of a search-tool call, with the limit applied. */
export interface SearchArguments {
  readonly query: string;
  readonly limit: number;
}

/** How {@link readSearchArguments} reads `limit`. */
export interface SearchLimits {
  readonly toolName: string;
  readonly limit: number;
  readonly maxLimit: number;
  readonly overLimit: OverLimit;
}

/**
 * Reads `{ query, limit? }`. `query` must be a string (its syntax is the
 * search's business); `limit`, when present and not null, a positive
 * integer, lowered to `maxLimit` or rejected above it per `overLimit`; any
 * other key is refused, as the tool's schema says (`additionalProperties:
 * false`), so a `ranker` or a misspelt `limits` is never silently ignored.
 * Returns the arguments or a message naming what is wrong.
 */
export function readSearchArguments(input: unknown, limits: SearchLimits): SearchArguments | { readonly message: string } {
  const expected = `${limits.toolName} expects {"query": string, "limit"?: integer}`;
  if (!isPlainObject(input)) return { message: `${expected}, got ${describeValue(input)}` };
  const { query, limit } = input as { query?: unknown; limit?: unknown };
  const unknown = Object.keys(input as object).filter((key) => key !== 'query' && key !== 'limit');
  if (unknown.length > 0) return { message: `${expected}; unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.slice(0, 3).map((key) => JSON.stringify(key)).join(', ')}${unknown.length > 3 ? ', …' : ''}` };
  if (query === undefined) return { message: `${expected}; query is missing` };
  if (typeof query !== 'string') return { message: `${expected}; query must be a string, got ${describeValue(query)}` };
  if (limit === undefined || limit === null) return { query, limit: limits.limit };
  const integer = typeof limit === 'number' && Number.isInteger(limit) && limit >= 1;
  if (limits.overLimit === 'reject' && (!integer || limit > limits.maxLimit)) {
    return { message: `${expected}; limit must be an integer from 1 to ${limits.maxLimit}, got ${describeValue(limit)}` };
  }
  if (!integer) return { message: `${expected}; limit must be a positive integer, got ${describeValue(limit)}` };
  return { query, limit: Math.min(limit, limits.maxLimit) };
}
