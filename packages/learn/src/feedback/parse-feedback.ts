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
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item.length > 0)) return value as string[];
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
 * Reads feedback JSONL: one event per line, either a store event
 * `{"query", "called": name | [names], "at"?: ISO date | ms}` or a labelled
 * query in the eval format `{"query", "relevant": [names]}` (its gold tools
 * count as called). Blank lines are skipped. A line that is not JSON or not
 * such an object is skipped with `feedback-invalid-line`; called tools
 * outside `knownTools` are dropped with `feedback-unknown-tool` (the event
 * is kept when any called tool is known). Never throws on content.
 */
export function parseFeedbackText(text: string, options: ParseFeedbackOptions = {}): ParsedFeedback {
  const maxQueryLength = options.maxQueryLength ?? 100_000;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const events: UsageEvent[] = [];
  const issues: FeedbackIssue[] = [];
  const lines = body.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const raw = lines[index]!.trim();
    if (raw.length === 0) continue;
    const line = index + 1;
    const invalid = (what: string): void => {
      issues.push({ code: 'feedback-invalid-line', line, message: `line ${line}: ${what}` });
    };
    let value: unknown;
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      invalid('not valid JSON');
      continue;
    }
    if (!isRecord(value)) {
      invalid(`expected an object (got ${describeValue(value)})`);
      continue;
    }
    const query = value['query'];
    if (typeof query !== 'string' || query.trim().length === 0) {
      invalid(`"query" must be a non-empty string (got ${describeValue(query)})`);
      continue;
    }
    if (query.length > maxQueryLength) {
      invalid(`"query" is longer than ${maxQueryLength} characters`);
      continue;
    }
    const called = names(value['called'] ?? value['relevant']);
    if (called === undefined) {
      invalid('needs "called" (a tool name or a list of them) or "relevant" (a list of tool names)');
      continue;
    }
    const at = timeOf(value['at']);
    if (at === null) {
      invalid(`"at" must be an ISO date or milliseconds since the epoch (got ${describeValue(value['at'])})`);
      continue;
    }
    let kept = called;
    if (options.knownTools !== undefined) {
      const known = options.knownTools;
      kept = called.filter((name) => known.has(name));
      for (const name of called) {
        if (!known.has(name)) issues.push({ code: 'feedback-unknown-tool', line, message: `line ${line}: no tool named ${describeValue(name)} in the catalog` });
      }
      if (kept.length === 0) continue;
    }
    events.push(at === undefined ? { query, called: kept } : { query, called: kept, at });
  }
  return { events, issues };
}
