import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import type { ToolSessionSnapshot } from './tool-session-snapshot.js';

/** Options of {@link createToolSession}. */
export interface ToolSessionOptions {
  /**
   * Tools loaded from the start, without a discovering message ("pinned"):
   * compaction never unloads them, only `unload` and `reset` do. Any strings;
   * duplicates count once. Default: none.
   */
  readonly initiallyLoaded?: readonly string[];
}

/** What `compact` or `unload` did. */
export interface UnloadResult {
  /** The tools unloaded, in load order. */
  readonly unloaded: string[];
}

/**
 * The loaded tools of one conversation (§3 of the behaviour spec): a search
 * in a message loads tools; they stay loaded across turns until compaction
 * drops every message that discovered them. Pure and synchronous.
 */
export interface ToolSession {
  /** A search in message `messageId` loaded `toolNames`. Recording the same discovery twice changes nothing. */
  recordSearch(messageId: string, toolNames: readonly string[]): void;
  /** Whether `name` is loaded now. */
  isLoaded(name: string): boolean;
  /** The loaded tools in order of first load; a tool unloaded and found again moves to the end. */
  loaded(): string[];
  /** Ids of the messages whose searches loaded `name`, in order; empty when it is not loaded or pinned only. */
  discoveredIn(name: string): string[];
  /**
   * Forgets the dropped messages and unloads exactly the tools all of whose
   * discovering messages were among them. Pinned tools stay loaded.
   */
  compact(droppedMessageIds: Iterable<string>): UnloadResult;
  /** Unloads these tools whatever discovered them; unknown names are ignored. */
  unload(names: Iterable<string>): UnloadResult;
  /** Unloads every tool, pinned ones included. */
  reset(): void;
  /** A JSON-safe copy of the state; see {@link restoreToolSession}. */
  snapshot(): ToolSessionSnapshot;
}

/** A loaded tool; unless pinned, it has at least one message. */
export interface ToolSessionEntry {
  pinned: boolean;
  readonly messages: Set<string>;
}

function requireString(value: unknown, what: string): string {
  if (typeof value !== 'string') {
    throw createLoadoutError('invalid-input', `tool session: ${what} must be a string, got ${describeValue(value)}`, {
      value,
    });
  }
  return value;
}

/** Builds a session over `entries` (load order); the caller hands over ownership. */
export function toolSessionFromEntries(entries: Map<string, ToolSessionEntry>): ToolSession {
  const entryFor = (name: string): ToolSessionEntry => {
    let entry = entries.get(name);
    if (entry === undefined) {
      entry = { pinned: false, messages: new Set() };
      entries.set(name, entry);
    }
    return entry;
  };

  const unloadWhere = (shouldUnload: (name: string, entry: ToolSessionEntry) => boolean): UnloadResult => {
    const unloaded: string[] = [];
    for (const [name, entry] of entries) {
      if (shouldUnload(name, entry)) unloaded.push(name);
    }
    for (const name of unloaded) entries.delete(name);
    return { unloaded };
  };

  return {
    recordSearch(messageId, toolNames) {
      requireString(messageId, 'a message id');
      for (const name of toolNames) entryFor(requireString(name, 'a tool name')).messages.add(messageId);
    },
    isLoaded: (name) => entries.has(name),
    loaded: () => [...entries.keys()],
    discoveredIn: (name) => [...(entries.get(name)?.messages ?? [])],
    compact(droppedMessageIds) {
      const dropped = new Set(droppedMessageIds);
      return unloadWhere((_, entry) => {
        for (const messageId of entry.messages) if (dropped.has(messageId)) entry.messages.delete(messageId);
        return !entry.pinned && entry.messages.size === 0;
      });
    },
    unload(names) {
      const targets = new Set(names);
      return unloadWhere((name) => targets.has(name));
    },
    reset: () => entries.clear(),
    snapshot: () => ({
      version: 1,
      tools: [...entries].map(([name, entry]) => ({ name, messages: [...entry.messages], pinned: entry.pinned })),
    }),
  };
}

/** Creates an empty {@link ToolSession}, or one with `initiallyLoaded` pinned. */
export function createToolSession(options: ToolSessionOptions = {}): ToolSession {
  const entries = new Map<string, ToolSessionEntry>();
  for (const name of options.initiallyLoaded ?? []) {
    entries.set(requireString(name, 'an initially loaded tool name'), { pinned: true, messages: new Set() });
  }
  return toolSessionFromEntries(entries);
}
