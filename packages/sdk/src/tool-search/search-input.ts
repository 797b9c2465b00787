import { describeValue } from '@loadout/core';

/** A valid input of the client-side search tool. */
export interface SearchInput {
  readonly query: string;
  readonly limit: number;
}

/** Limits applied to a search input. */
export interface SearchInputLimits {
  /** Used when the input has no `limit`. */
  readonly limit: number;
  /** Larger `limit`s are lowered to this. */
  readonly maxLimit: number;
}

/** The input, or a message for the model naming what is wrong with it. */
export type SearchInputResult = { readonly ok: true; readonly input: SearchInput } | { readonly ok: false; readonly message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads `{ query, limit? }` from a `tool_use` input. `query` must be a
 * string (its syntax is checked by the search); `limit`, when present and
 * not null, a positive integer, lowered to `maxLimit`.
 */
export function readSearchInput(input: unknown, toolName: string, limits: SearchInputLimits): SearchInputResult {
  const expected = `${toolName} expects {"query": string, "limit"?: integer}`;
  if (!isRecord(input)) return { ok: false, message: `${expected}, got ${describeValue(input)}` };
  const { query, limit } = input;
  if (typeof query !== 'string') return { ok: false, message: `${expected}; query must be a string, got ${describeValue(query)}` };
  if (limit === undefined || limit === null) return { ok: true, input: { query, limit: limits.limit } };
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    return { ok: false, message: `${expected}; limit must be a positive integer, got ${describeValue(limit)}` };
  }
  return { ok: true, input: { query, limit: Math.min(limit, limits.maxLimit) } };
}
