import { describeValue, jsonLines, readUsageEvent, tryParseJson, type LoadoutErrorCode, type UsageEvent } from '@loadout/core';
import type { ReadFeedbackOptions } from './feedback-store-interface.js';

/** A feedback line that was skipped, or a tool name dropped from one, and why. Never carries the line's text. */
export interface FeedbackIssue {
  readonly code: Extract<LoadoutErrorCode, 'feedback-invalid-line' | 'feedback-unknown-tool' | 'feedback-too-large'>;
  /** 1-based line number (0 for the whole file). */
  readonly line: number;
  readonly message: string;
  /** `feedback-unknown-tool` only: the line was still used with its other called tools, only this name was dropped. Absent: the line was skipped. */
  readonly lineKept?: true;
}

/** The usable events of a feedback file and the lines skipped. */
export interface ParsedFeedback {
  readonly events: UsageEvent[];
  readonly issues: FeedbackIssue[];
}

/**
 * Reads feedback JSONL (or its lines, `text` undefined where not UTF-8), one event per line: `{"query", "called": name |
 * [names], "at"?: ISO date | ms}`, or a labelled query `{"query",
 * "relevant": [names]}`. A line that is not such JSON is skipped
 * (`feedback-invalid-line`), a called tool outside `knownTools` dropped
 * (`feedback-unknown-tool`; a name of `sharedNames` says which to write).
 * Never throws on content.
 */
export function parseFeedbackText(text: string | readonly { readonly line: number; readonly text: string | undefined }[], options: ReadFeedbackOptions = {}): ParsedFeedback {
  const events: UsageEvent[] = [];
  const issues: FeedbackIssue[] = [];
  for (const { line, text: json } of typeof text === 'string' ? jsonLines(text) : text) {
    const value = json === undefined ? undefined : tryParseJson(json.trim());
    const event = json === undefined ? 'not valid UTF-8 (a record cut short mid-character, or another encoding)' : value === undefined ? 'not valid JSON' : readUsageEvent(value);
    if (typeof event === 'string') {
      issues.push({ code: 'feedback-invalid-line', line, message: `line ${line}: ${event}` });
      continue;
    }
    const kept = event.called.filter((name) => options.knownTools?.has(name) !== false);
    for (const name of event.called.filter((called) => !kept.includes(called))) {
      const meant = options.sharedNames?.get(name);
      const why = meant === undefined ? `no tool named ${describeValue(name)} in the catalog` : `${describeValue(name)} is a tool of ${meant.length} servers; name one as ${meant.slice(0, 3).map((displayName) => JSON.stringify(displayName)).join(meant.length === 2 ? ' or ' : ', ')}${meant.length > 3 ? ', …' : ''}`;
      issues.push({ code: 'feedback-unknown-tool', line, message: `line ${line}: ${why}`, ...(kept.length > 0 ? { lineKept: true as const } : {}) });
    }
    if (kept.length > 0) events.push(kept.length === event.called.length ? event : { ...event, called: kept });
  }
  return { events, issues };
}
