import { describeValue, type LoadoutErrorCode, type UsageEvent } from '@loadout/core';
import { isRecord } from '@loadout/core/utils';
import type { ReadFeedbackOptions } from './feedback-store-interface.js';

/** A feedback line that was skipped, and why. Never carries the line's text. */
export interface FeedbackIssue {
  readonly code: Extract<LoadoutErrorCode, 'feedback-invalid-line' | 'feedback-unknown-tool' | 'feedback-too-large'>;
  /** 1-based line number (0 for the whole file). */
  readonly line: number;
  readonly message: string;
}

/** The usable events of a feedback file and the lines skipped. */
export interface ParsedFeedback {
  readonly events: UsageEvent[];
  readonly issues: FeedbackIssue[];
}

/** The latest time a JavaScript `Date` holds, in ms since the epoch (a later one cannot be stored). */
const MAX_TIME = 8.64e15;
/** A numeric `at` below this (1973-03-03 as milliseconds; 5138 AD as seconds) is taken for seconds and refused. */
const SECONDS_LOOK = 1e11;

/** The usage event `value` holds (its `called` a copy), or what is wrong with it, never its text: a feedback line, or what a recorder accepts. */
export function readUsageEvent(value: unknown): UsageEvent | string {
  if (!isRecord(value)) return `expected an object (got ${describeValue(value)})`;
  const query = value['query'];
  if (typeof query !== 'string' || query.trim().length === 0) return `"query" must be a non-empty string (got ${describeValue(query)})`;
  if (query.length > 100_000) return '"query" is longer than 100,000 characters';
  const names = value['called'] ?? value['relevant'];
  const called: unknown[] = typeof names === 'string' ? [names] : Array.isArray(names) ? [...names] : [];
  if (called.length === 0 || !called.every((name): name is string => typeof name === 'string' && name.length > 0)) return 'needs "called" (a tool name or a list of them) or "relevant" (a list of tool names)';
  const given = value['at'];
  if (given === undefined) return { query, called };
  const at = typeof given === 'string' ? Date.parse(given) : given;
  if (typeof at !== 'number' || !(at >= 0 && at <= MAX_TIME)) return `"at" must be an ISO date or milliseconds since the epoch (got ${describeValue(given)})`;
  // A number of seconds read as milliseconds lands in 1970, and compaction would drop the event as long expired.
  if (typeof given === 'number' && at < SECONDS_LOOK) return `"at" looks like seconds since the epoch (${new Date(at).toISOString().slice(0, 10)} as milliseconds); give milliseconds or an ISO date (got ${describeValue(given)})`;
  return { query, called, at };
}

/**
 * Reads feedback JSONL, one event per line: `{"query", "called": name |
 * [names], "at"?: ISO date | ms}`, or a labelled query `{"query",
 * "relevant": [names]}`. A line that is not such JSON is skipped
 * (`feedback-invalid-line`), a called tool outside `knownTools` dropped
 * (`feedback-unknown-tool`; a name of `sharedNames` says which to write).
 * Never throws on content.
 */
export function parseFeedbackText(text: string, options: ReadFeedbackOptions = {}): ParsedFeedback {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const events: UsageEvent[] = [];
  const issues: FeedbackIssue[] = [];
  const lines = body.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!.trim();
    if (raw.length === 0) continue;
    const line = index + 1;
    let event: UsageEvent | string;
    try {
      event = readUsageEvent(JSON.parse(raw) as unknown);
    } catch {
      event = 'not valid JSON';
    }
    if (typeof event === 'string') {
      issues.push({ code: 'feedback-invalid-line', line, message: `line ${line}: ${event}` });
      continue;
    }
    const kept = event.called.filter((name) => options.knownTools?.has(name) !== false);
    for (const name of event.called.filter((called) => !kept.includes(called))) {
      const meant = options.sharedNames?.get(name);
      const why = meant === undefined ? `no tool named ${describeValue(name)} in the catalog` : `${describeValue(name)} is a tool of ${meant.length} servers; name one as ${meant.slice(0, 2).map((displayName) => JSON.stringify(displayName)).join(' or ')}`;
      issues.push({ code: 'feedback-unknown-tool', line, message: `line ${line}: ${why}` });
    }
    if (kept.length > 0) events.push(kept.length === event.called.length ? event : { ...event, called: kept });
  }
  return { events, issues };
}
