import { describeValue } from '../errors/loadout-error.js';
import { isRecord } from '../utils/is-record.js';
import type { UsageEvent } from './usage-event.js';

/** The latest time a JavaScript `Date` holds, in ms since the epoch (a later one cannot be stored). */
const MAX_TIME = 8.64e15;
/** A numeric `at` below this (1973-03-03 as milliseconds; 5138 AD as seconds) is taken for seconds and refused. */
const SECONDS_LOOK = 1e11;
/** The longest query a usage event holds, in UTF-16 units. */
const MAX_USAGE_QUERY_LENGTH = 100_000;

/**
 * The one reader of a usage event, wherever one is read (a feedback line,
 * what a recorder accepts, an eval queries line): `{"query", "called":
 * name | [names], "at"?: ISO date | ms}`, or `"relevant"` for `"called"`.
 * Returns the event (its `called` a copy) or what is wrong with it, naming
 * the field the value used and never its text.
 */
export function readUsageEvent(value: unknown): UsageEvent | string {
  if (!isRecord(value)) return `expected an object (got ${describeValue(value)})`;
  const query = value['query'];
  if (query === undefined) return 'needs "query" (the search text)';
  if (typeof query === 'string' && query.trim().length === 0) return '"query" is empty: it must hold the search text';
  if (typeof query !== 'string' || query.trim().length === 0) return `"query" must be a non-empty string (got ${describeValue(query)})`;
  if (query.length > MAX_USAGE_QUERY_LENGTH) return '"query" is longer than 100,000 characters';
  // "called" wins, as a store writes it; a labelled line's "relevant" is read when "called" is absent (or null).
  const field = (value['called'] !== undefined && value['called'] !== null) || value['relevant'] === undefined ? 'called' : 'relevant';
  const names = value[field];
  if (names === undefined) return 'needs "called" (a tool name or a list of them) or "relevant" (a list of tool names)';
  const called: unknown[] = typeof names === 'string' ? [names] : Array.isArray(names) ? [...names] : [];
  if (called.length === 0 || !called.every((name): name is string => typeof name === 'string' && name.length > 0)) {
    return `"${field}" must be a tool name or a non-empty list of tool names (got ${describeValue(names)})`;
  }
  const given = value['at'];
  if (given === undefined) return { query, called };
  const at = typeof given === 'string' ? Date.parse(given) : given;
  if (typeof at !== 'number' || !(at >= 0 && at <= MAX_TIME)) return `"at" must be an ISO date or milliseconds since the epoch (got ${describeValue(given)})`;
  // A number of seconds read as milliseconds lands in 1970, and compaction would drop the event as long expired.
  if (typeof given === 'number' && at < SECONDS_LOOK) return `"at" looks like seconds since the epoch (${new Date(at).toISOString().slice(0, 10)} as milliseconds); give milliseconds or an ISO date (got ${describeValue(given)})`;
  return { query, called, at };
}
