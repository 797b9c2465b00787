import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { isRecord } from '../utils/is-record.js';

/** Tools one answer loaded: the call it answered (or a caller's message id) and the API names. */
export interface ToolDiscovery {
  readonly callId: string;
  readonly toolNames: readonly string[];
}

/** What a sync or compaction changed. */
export interface DiscoveryChange {
  /** Tools loaded by answers not seen before, in load order. */
  readonly loaded: string[];
  /** Tools unloaded because no answer that loaded them is in the conversation any more: search for them again to use them. */
  readonly unloaded: string[];
}

/** One loaded tool in a {@link DiscoverySessionSnapshot}. */
export interface DiscoverySessionSnapshotTool {
  readonly name: string;
  /** Ids of the answers (or recorded messages) that loaded it, oldest first; at least one. */
  readonly ids: readonly string[];
}

/** A JSON-safe copy of a {@link DiscoverySession}. */
export interface DiscoverySessionSnapshot {
  readonly version: 2;
  /** The loaded tools, in load order. */
  readonly tools: readonly DiscoverySessionSnapshotTool[];
  /** Call ids of the answers `sync` has recorded. */
  readonly synced: readonly string[];
}

/**
 * The loaded tools of one conversation (§3 of the behaviour spec), what
 * every adapter keeps: a search answer loads tools, they stay loaded across
 * turns while any answer that loaded them is in the conversation, and
 * compaction that drops them all unloads them. Answers are keyed by call id
 * (so copies and re-serialised messages do not matter); each adapter reads
 * its own transcript into {@link ToolDiscovery} lists. Pure and synchronous.
 */
export interface DiscoverySession {
  /**
   * Reads the conversation as it will be sent: records answers not seen
   * before and unloads the tools of answers recorded by `sync` that are no
   * longer present (compaction). `alsoPresent` names call ids the
   * conversation holds elsewhere (a server-side response chain). Answers
   * sharing a call id first seen in the same sync all count. Call it with
   * every new request.
   */
  sync(present: readonly ToolDiscovery[], alsoPresent?: Iterable<string>): DiscoveryChange;
  /** Records tools loaded under `id` (a caller's own message id); `sync` never drops it, {@link DiscoverySession.compact} does. Recording the same id and tool twice changes nothing. */
  record(id: string, toolNames: readonly string[]): void;
  /** Forgets these ids (synced or recorded) and unloads the tools no remaining answer loaded. */
  compact(droppedIds: Iterable<string>): DiscoveryChange;
  /**
   * Unloads these tools although answers that loaded them are still in the
   * conversation (a request could not declare them all): later syncs of
   * those answers do not load them again; a new answer does. Returns what
   * was unloaded.
   */
  unload(apiNames: Iterable<string>): DiscoveryChange;
  isLoaded(apiName: string): boolean;
  /** Loaded tools in order of first load; a tool unloaded and found again moves to the end. */
  loaded(): string[];
  /** Ids of the answers (or recorded messages) that loaded `apiName`, oldest first; empty when it is not loaded. */
  discoveredIn(apiName: string): string[];
  /** A JSON-safe copy of the state, for {@link DiscoverySessionOptions.snapshot}. */
  snapshot(): DiscoverySessionSnapshot;
  /** Unloads everything and forgets every answer. */
  reset(): void;
}

/** Options of {@link createDiscoverySession}. */
export interface DiscoverySessionOptions {
  /**
   * Continue from a {@link DiscoverySession.snapshot}, typically after a JSON
   * round trip (non-string synced ids are dropped). The version-1 shape the
   * earlier sessions wrote (`{ session: { tools: [{ name, messages }] },
   * synced }`) is read too. Default: an empty session.
   */
  readonly snapshot?: DiscoverySessionSnapshot;
}

function invalid(message: string, value: unknown): never {
  throw createLoadoutError('invalid-input', `discovery session snapshot: ${message}, got ${describeValue(value)}`, { value });
}

function requireString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw createLoadoutError('invalid-input', `discovery session: ${what} must be a string, got ${describeValue(value)}`, { value });
  return value;
}

/** The loaded tools a snapshot holds, each with the ids that loaded it (load order). */
function restoredTools(snapshot: unknown): Map<string, Set<string>> {
  if (!isRecord(snapshot) || !Array.isArray(snapshot['synced'])) invalid('expected an object with a synced list', snapshot);
  const legacy = snapshot['version'] !== 2 && isRecord(snapshot['session']) ? snapshot['session'] : undefined;
  if (legacy === undefined && snapshot['version'] !== 2) invalid('expected version 2', snapshot['version']);
  const tools = legacy === undefined ? snapshot['tools'] : legacy['tools'];
  if (!Array.isArray(tools)) invalid('expected a tools array', tools);
  const entries = new Map<string, Set<string>>();
  for (const tool of tools as unknown[]) {
    const name = isRecord(tool) ? tool['name'] : undefined;
    const ids = isRecord(tool) ? tool[legacy === undefined ? 'ids' : 'messages'] : undefined;
    if (typeof name !== 'string' || !Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
      invalid('each tool needs a string name and a non-empty list of string ids', tool);
    }
    if (entries.has(name)) invalid('duplicate tool name', name);
    entries.set(name, new Set(ids as string[]));
  }
  return entries;
}

/** Creates a {@link DiscoverySession}, empty or from a snapshot. Throws `invalid-input` naming the offending part of a malformed snapshot. */
export function createDiscoverySession(options: DiscoverySessionOptions = {}): DiscoverySession {
  const { snapshot } = options;
  /** The loaded tools in load order, each with the ids that loaded it (never empty). */
  let tools = snapshot === undefined ? new Map<string, Set<string>>() : restoredTools(snapshot);
  let synced = new Set(snapshot === undefined ? [] : (snapshot.synced as unknown[]).filter((id): id is string => typeof id === 'string'));

  const record = (id: string, toolNames: readonly string[]): void => {
    requireString(id, 'an answer id');
    for (const name of toolNames) {
      requireString(name, 'a tool name');
      const ids = tools.get(name);
      if (ids === undefined) tools.set(name, new Set([id]));
      else ids.add(id);
    }
  };
  const compact = (dropped: ReadonlySet<string>, before: ReadonlySet<string>): DiscoveryChange => {
    const unloaded: string[] = [];
    for (const id of dropped) synced.delete(id);
    for (const [name, ids] of tools) {
      for (const id of ids) if (dropped.has(id)) ids.delete(id);
      if (ids.size === 0) unloaded.push(name);
    }
    for (const name of unloaded) tools.delete(name);
    return { loaded: [...tools.keys()].filter((name) => !before.has(name)), unloaded };
  };

  return {
    sync(present, alsoPresent = []) {
      const before = new Set(tools.keys());
      const ids = new Set(alsoPresent);
      /** Ids first recorded by this sync: every answer under such an id counts (two results may share an id). */
      const fresh = new Set<string>();
      for (const { callId, toolNames } of present) {
        ids.add(callId);
        if (synced.has(callId) && !fresh.has(callId)) continue;
        record(callId, toolNames);
        synced.add(callId);
        fresh.add(callId);
      }
      return compact(new Set([...synced].filter((id) => !ids.has(id))), before);
    },
    record,
    compact: (droppedIds) => compact(new Set(droppedIds), new Set(tools.keys())),
    unload(apiNames) {
      const unloaded: string[] = [];
      for (const name of apiNames) if (tools.delete(name)) unloaded.push(name);
      return { loaded: [], unloaded };
    },
    isLoaded: (apiName) => tools.has(apiName),
    loaded: () => [...tools.keys()],
    discoveredIn: (apiName) => [...(tools.get(apiName) ?? [])],
    snapshot: () => ({ version: 2, tools: [...tools].map(([name, ids]) => ({ name, ids: [...ids] })), synced: [...synced] }),
    reset() {
      tools = new Map();
      synced = new Set();
    },
  };
}
