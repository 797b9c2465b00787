import type { UsageEvent } from '@loadout/core';
import type { LearnedDecision, LearnedDecisionRead } from '../decision/learned-decision.js';
import type { ParsedFeedback, ParseFeedbackOptions } from './parse-feedback.js';

/** Options of {@link FeedbackStore.read}. */
export interface ReadFeedbackOptions extends ParseFeedbackOptions {
  /** Largest store read, in bytes; a larger one yields no events and a `feedback-too-large` issue. Default 64 MiB. */
  readonly maxBytes?: number;
}

/** Options of {@link FeedbackStore.compact}. */
export interface CompactFeedbackOptions {
  /** Newest events kept per called tool. Default 50 (what the usage field reads); an integer ≥ 1. */
  readonly maxEventsPerTool?: number;
  /** Drop events older than this many days. Default 180 (two 90-day half-lives). */
  readonly maxAgeDays?: number;
  /** "Now" in ms since the epoch. Default: `Date.now()`. */
  readonly now?: number;
}

/** What a compaction did: events kept, and stored lines really removed (old or surplus events, and unreadable lines). */
export interface CompactionResult {
  readonly kept: number;
  readonly dropped: number;
}

/**
 * Where usage events and the learned decision live (version 1). The file
 * store (`createFileFeedbackStore`) keeps JSONL beside `learned.json`; a
 * server may keep both in a database. Every method throws a `LoadoutError`
 * with a stable code (`file-unwritable`, `store-not-feedback`, …) naming
 * the store, never its contents, and never loses stored events.
 */
export interface FeedbackStore {
  readonly specificationVersion: 'v1';
  /** Names the store in messages: a path, or an address without credentials. */
  readonly location: string;
  /** Throws (coded) when events cannot be appended; a recorder calls it once at start, so a store that cannot be written fails then, not on every event. */
  checkWritable(): Promise<void>;
  /** Appends events (query, called tool names, time; nothing else), oldest first, after every event stored before. */
  append(events: readonly UsageEvent[]): Promise<void>;
  /** The stored events in stored order, and the lines skipped; never throws on content (a damaged store never stops search). */
  read(options?: ReadFeedbackOptions): Promise<ParsedFeedback>;
  /** Keeps only what learning reads (see {@link CompactFeedbackOptions}); events appended meanwhile are never lost. */
  compact(options?: CompactFeedbackOptions): Promise<CompactionResult>;
  /** Deletes the events and the decision; returns the locations that existed. */
  purge(): Promise<readonly string[]>;
  /** Bytes the store holds, for a recorder's cap; undefined when the store has no such limit. */
  size?(): Promise<number>;
  /** Where the decision is kept, for messages. */
  readonly decisionLocation: string;
  /** The decision `loadout learn` made for these events. */
  readDecision(): Promise<LearnedDecisionRead>;
  /** Replaces the decision in one step (readers see the old or the new one, never a part). */
  writeDecision(decision: LearnedDecision): Promise<void>;
}
