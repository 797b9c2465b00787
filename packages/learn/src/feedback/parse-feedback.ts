import { describeValue } from '@loadout/core';
import type { LoadoutErrorCode } from '@loadout/core';
import type { UsageEvent } from '@loadout/core';
import { isRecord } from '@loadout/core/utils';

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

/** Options of {@link parseFeedbackText}. */
export interface ParseFeedbackOptions {
  /** Tool names (display or own) that exist; a called tool outside it is dropped with `feedback-unknown-tool`. Default: accept any. */
  readonly knownTools?: ReadonlySet<string>;
  /** Longest query kept, in characters; longer lines are skipped. Default 100,000. */
  readonly maxQueryLength?: number;
}

function names(value: unknown): string[] | undefined {
  if (typeof value === 'string' && value.length > 0) return [value];
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item.length > 0)) return [...(value as string[])];
  return undefined;
}

/** The latest time a JavaScript `Date` holds, in ms since the epoch (a later one cannot be stored). */
const MAX_TIME = 8.64e15;

function timeOf(value: unknown): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && value >= 0 && value <= MAX_TIME) return value;
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/**
 * The usage event `value` holds (its `called` a copy), or what is wrong
 * with it, never its text: the shape of a feedback line (see
 * {@link parseFeedbackText}), and what a recorder accepts.
 */
export function readUsageEvent(value: unknown, maxQueryLength = 100_000): UsageEvent | string {
  if (!isRecord(value)) return `expected an object (got ${describeValue(value)})`;
  const query = value['query'];
  if (typeof query !== 'string' || query.trim().length === 0) return `"query" must be a non-empty string (got ${describeValue(query)})`;
  if (query.length > maxQueryLength) return `"query" is longer than ${maxQueryLength} characters`;
  const called = names(value['called'] ?? value['relevant']);
  if (called === undefined) return 'needs "called" (a tool name or a list of them) or "relevant" (a list of tool names)';
  const at = timeOf(value['at']);
  if (at === null) return `"at" must be an ISO date or milliseconds since the epoch (got ${describeValue(value['at'])})`;
  return at === undefined ? { query, called } : { query, called, at };
}

/**
 * Reads feedback JSONL: one event per line, either a store event
 * `{"query", "called": name | [names], "at"?: ISO date | ms}` or a labelled
 * query in the eval format `{"query", "relevant": [names]}` (its gold tools
 * count as called). Blank lines are skipped. A line that is not JSON or not
 * such an object is skipped with `feedback-invalid-line`; called tools
 * outside `knownTools` are dropped with `feedback-unknown-tool` (the event
 * is kept when any called tool is known). Never throws on content.
 */
export function parseFeedbackText(text: string, options: ParseFeedbackOptions = {}): ParsedFeedback {
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
      event = readUsageEvent(JSON.parse(raw) as unknown, options.maxQueryLength);
    } catch {
      event = 'not valid JSON';
    }
    if (typeof event === 'string') {
      issues.push({ code: 'feedback-invalid-line', line, message: `line ${line}: ${event}` });
      continue;
    }
    const known = options.knownTools;
    if (known !== undefined) {
      for (const name of event.called) {
        if (!known.has(name)) issues.push({ code: 'feedback-unknown-tool', line, message: `line ${line}: no tool named ${describeValue(name)} in the catalog` });
      }
      const kept = event.called.filter((name) => known.has(name));
      if (kept.length === 0) continue;
      event = { ...event, called: kept };
    }
    events.push(event);
  }
  return { events, issues };
}
