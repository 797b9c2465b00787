import type { UsageEvent } from '@loadout/core';
import type { LearnedDecision, LearnedDecisionRead } from '../decision/learned-decision.js';
import type { ParsedFeedback } from './parse-feedback.js';

/** Options of {@link FeedbackStore.read} and `parseFeedbackText`. */
export interface ReadFeedbackOptions {
  /** Each name a called tool may be written as (a display name, or a tool's own name) with the display names of the tools it names: a name of one tool is read as its display name (two names of one tool are one); a name absent is dropped with `feedback-unknown-tool`, a bare name several servers share with `feedback-ambiguous-tool` (the issue's `candidates`). Default: any name, as written. */
  readonly toolNames?: ReadonlyMap<string, readonly string[]>;
  /** Largest store read, in bytes; a larger one yields no events and a `feedback-too-large` issue. Default 64 MiB. */
  readonly maxBytes?: number;
}

/**
 * Where usage events and the learned decision live (version 1): files
 * (`createFileFeedbackStore`) or a database. Every method throws a
 * `LoadoutError` with a stable code naming the store, never its contents,
 * and never loses stored events.
 */
export interface FeedbackStore {
  readonly specificationVersion: 'v1';
  /** Names the store in messages: a path, or an address without credentials. */
  readonly location: string;
  /** Throws (coded) when events cannot be appended; a server calls it once at start, so a store it cannot write fails then. */
  checkWritable(): Promise<void>;
  /** Appends events (query, called tool names, time; nothing else), oldest first, after every event stored before. */
  append(events: readonly UsageEvent[]): Promise<void>;
  /** The stored events in stored order, and the lines skipped; never throws on content (a damaged store never stops search). */
  read(options?: ReadFeedbackOptions): Promise<ParsedFeedback>;
  /** Keeps per tool the newest 50 events, none older than 180 days, losing none appended meanwhile; returns events kept and stored lines removed (a store of no events, or not read as text at all, is left as it is: 0 and 0). */
  compact(): Promise<{ readonly kept: number; readonly dropped: number }>;
  /** Deletes the events (not a file that holds none) and the decision (not another store's: `readDecision`'s `other-store`); returns the locations deleted. */
  purge(): Promise<readonly string[]>;
  /** Bytes the store holds, for a recorder's cap; undefined when the store has no such limit. */
  size?(): Promise<number>;
  /** Where the decision is kept, for messages. */
  readonly decisionLocation: string;
  /** The decision `loadout learn` made for these events. */
  readDecision(): Promise<LearnedDecisionRead>;
  /** Replaces the decision in one step (readers see the old or the new one, never a part); another store's is refused (`file-overwrite-refused`). */
  writeDecision(decision: LearnedDecision): Promise<void>;
}
