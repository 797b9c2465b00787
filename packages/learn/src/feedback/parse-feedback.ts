import { describeValue, jsonLines, readUsageEvent, tryParseJson, type LoadoutErrorCode, type UsageEvent } from '@loadout/core';
import type { ReadFeedbackOptions } from './feedback-store-interface.js';

/** A feedback line that was skipped, or a tool name dropped from one, and why. Never carries the line's text. */
export interface FeedbackIssue {
  readonly code: Extract<LoadoutErrorCode, 'feedback-invalid-line' | 'feedback-unknown-tool' | 'feedback-ambiguous-tool' | 'feedback-too-large'>;
  /** 1-based line number (0 for the whole file). */
  readonly line: number;
  readonly message: string;
  /** `feedback-unknown-tool` and `feedback-ambiguous-tool` only: the line was still used with its other called tools, only this name was dropped. Absent: the line was skipped. */
  readonly lineKept?: true;
  /** `feedback-ambiguous-tool` (a bare name several servers share): the display names it could mean (it names none of them). */
  readonly candidates?: readonly string[];
}

/** The usable events of a feedback file and the lines skipped. */
export interface ParsedFeedback {
  readonly events: UsageEvent[];
  readonly issues: FeedbackIssue[];
}

/**
 * Reads feedback JSONL (or its lines, `text` undefined where not UTF-8), one
 * event per line: `{"query", "called": name | [names], "at"?: ISO date | ms}`,
 * or a labelled query `{"query", "relevant": [names]}`. A line that is not
 * such JSON is skipped (`feedback-invalid-line`), a called tool read as its
 * display name by `toolNames` or dropped (`feedback-unknown-tool`; a shared
 * bare name `feedback-ambiguous-tool`, saying which to write). Never throws on content.
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
    const meant = (name: string): readonly string[] => (options.toolNames === undefined ? [name] : (options.toolNames.get(name) ?? []));
    const kept = [...new Set(event.called.flatMap((name) => (meant(name).length === 1 ? meant(name) : [])))];
    for (const [name, candidates] of event.called.map((called) => [called, meant(called)] as const).filter(([, names]) => names.length !== 1)) {
      const why = candidates.length === 0 ? `no tool named ${describeValue(name)} in the catalog` : `${describeValue(name)} is a tool of ${candidates.length} servers; name one as ${candidates.slice(0, 3).map((displayName) => JSON.stringify(displayName)).join(candidates.length === 2 ? ' or ' : ', ')}${candidates.length > 3 ? ', …' : ''}`;
      issues.push({ code: candidates.length > 1 ? 'feedback-ambiguous-tool' : 'feedback-unknown-tool', line, message: `line ${line}: ${why}`, ...(kept.length > 0 ? { lineKept: true as const } : {}), ...(candidates.length > 1 ? { candidates } : {}) });
    }
    if (kept.length > 0) events.push({ ...event, called: kept });
  }
  return { events, issues };
}
