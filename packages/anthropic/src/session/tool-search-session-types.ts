import type { ToolSessionSnapshot } from '@loadout/core';
import type { MessageParam } from '../api-types.js';

/** What a sync or compaction changed. */
export interface SessionChange {
  /** Tools loaded by results not seen before, in load order. */
  readonly loaded: string[];
  /** Tools unloaded because every result that loaded them is gone: search for them again to use them. */
  readonly unloaded: string[];
}

/** A JSON-safe copy of a {@link ToolSearchSession}. */
export interface ToolSearchSessionSnapshot {
  readonly version: 1;
  /** The core session's state (tools and the ids of the results that loaded them). */
  readonly session: ToolSessionSnapshot;
  /** `tool_use_id`s of the results `sync` has recorded. */
  readonly synced: readonly string[];
}

/**
 * The loaded tools of one conversation, kept in step with its messages (§3
 * of the behaviour spec). A tool is loaded by a result holding a
 * `tool_reference` to it (a `tool_result` of any tool, or a server-side
 * `tool_search_tool_result`); it stays loaded while any such result remains
 * in the conversation, and is unloaded when compaction drops them all.
 * Names are the API names of `tool_reference` blocks.
 */
export interface ToolSearchSession {
  /**
   * Reads the whole conversation as it will be sent: records results not
   * seen before (keyed by their `tool_use_id`, which survives copying and
   * re-serialising messages) and treats results recorded earlier but now
   * missing as dropped by compaction. Call it with every new message list.
   */
  sync(messages: readonly MessageParam[]): SessionChange;
  /**
   * Records the results in one message under the caller's own `messageId`
   * (for callers that compact by message id); returns the names it
   * referenced. Use with {@link ToolSearchSession.compact}; `sync` never
   * drops ids recorded this way.
   */
  recordMessage(messageId: string, message: MessageParam): string[];
  /** Forgets these message ids (or `tool_use_id`s) and unloads tools no remaining result loaded. */
  compact(droppedIds: Iterable<string>): SessionChange;
  isLoaded(name: string): boolean;
  /** Loaded tools in order of first load. */
  loaded(): string[];
  /** Ids of the results (or messages) that loaded `name`, oldest first. */
  discoveredIn(name: string): string[];
  snapshot(): ToolSearchSessionSnapshot;
  /** Unloads everything and forgets every result. */
  reset(): void;
}

/** Options of {@link createToolSearchSession}. */
export interface ToolSearchSessionOptions {
  /** Continue from a {@link ToolSearchSession.snapshot}. Default: an empty session. */
  readonly snapshot?: ToolSearchSessionSnapshot;
}
