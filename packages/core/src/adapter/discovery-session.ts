import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { restoreToolSession } from '../session/restore-tool-session.js';
import type { ToolSessionSnapshot } from '../session/tool-session-snapshot.js';
import { createToolSession } from '../session/tool-session.js';

/** Tools one answer loaded: the call it answered and the API names. */
export interface ToolDiscovery {
  readonly callId: string;
  readonly toolNames: readonly string[];
}

/** What a sync changed. */
export interface DiscoveryChange {
  /** Tools loaded by answers not seen before, in load order. */
  readonly loaded: string[];
  /** Tools unloaded because no answer that loaded them is in the conversation any more. */
  readonly unloaded: string[];
}

/** The loaded-tools session ({@link createToolSession}) kept in step with the search answers present in a conversation; what adapters track per provider. */
export interface DiscoverySession {
  /** Records answers not seen before and unloads the tools of recorded answers no longer present. */
  sync(present: readonly ToolDiscovery[], alsoPresent?: Iterable<string>): DiscoveryChange;
  isLoaded(apiName: string): boolean;
  loaded(): string[];
  reset(): void;
}

/** A JSON-safe copy of a {@link RestorableDiscoverySession}. */
export interface DiscoverySessionSnapshot {
  /** The loaded-tools session's state (tools and the ids of the answers that loaded them). */
  readonly session: ToolSessionSnapshot;
  /** Call ids of the answers `sync` has recorded. */
  readonly synced: readonly string[];
}

/**
 * What {@link createDiscoverySession} returns: a {@link DiscoverySession}
 * that also records answers under ids `sync` never drops, compacts by id,
 * and round-trips through a snapshot (what a provider session with its own
 * message ids and persistence builds on).
 */
export interface RestorableDiscoverySession extends DiscoverySession {
  /** Records tools loaded under `id` (a caller's own message id); `sync` never drops it, {@link RestorableDiscoverySession.compact} does. */
  record(id: string, toolNames: readonly string[]): void;
  /** Forgets these ids (synced or recorded) and unloads tools no remaining answer loaded. */
  compact(droppedIds: Iterable<string>): DiscoveryChange;
  /** Ids of the answers that loaded `apiName`, oldest first. */
  discoveredIn(apiName: string): string[];
  snapshot(): DiscoverySessionSnapshot;
}

/** Options of {@link createDiscoverySession}. */
export interface DiscoverySessionOptions {
  /**
   * Continue from a {@link RestorableDiscoverySession.snapshot} (after a JSON
   * round trip: non-string synced ids are dropped). Default: an empty session.
   * Throws `invalid-input` when `synced` is not an array or `session` is
   * malformed ({@link restoreToolSession}).
   */
  readonly snapshot?: DiscoverySessionSnapshot;
}

/**
 * A {@link DiscoverySession}: a tool stays loaded while any answer that
 * loaded it is in the conversation (keyed by call id, so copies and
 * re-serialised messages do not matter); `alsoPresent` names call ids the
 * conversation holds elsewhere (a server-side response chain).
 */
export function createDiscoverySession(options: DiscoverySessionOptions = {}): RestorableDiscoverySession {
  const { snapshot } = options;
  if (snapshot !== undefined && !Array.isArray(snapshot.synced)) {
    throw createLoadoutError('invalid-input', `discovery session snapshot: expected a synced list, got ${describeValue(snapshot.synced)}`);
  }
  let core = snapshot === undefined ? createToolSession() : restoreToolSession(snapshot.session);
  let recorded = new Set(snapshot === undefined ? [] : snapshot.synced.filter((id) => typeof id === 'string'));
  const compact = (dropped: readonly string[], before: ReadonlySet<string>): DiscoveryChange => {
    for (const id of dropped) recorded.delete(id);
    const { unloaded } = core.compact(dropped);
    return { loaded: core.loaded().filter((name) => !before.has(name)), unloaded };
  };
  return {
    sync(present, alsoPresent = []) {
      const before = new Set(core.loaded());
      const ids = new Set(alsoPresent);
      for (const { callId, toolNames } of present) {
        ids.add(callId);
        if (recorded.has(callId)) continue;
        core.recordSearch(callId, toolNames);
        recorded.add(callId);
      }
      return compact([...recorded].filter((id) => !ids.has(id)), before);
    },
    record: (id, toolNames) => core.recordSearch(id, toolNames),
    compact: (droppedIds) => compact([...droppedIds], new Set(core.loaded())),
    isLoaded: (apiName) => core.isLoaded(apiName),
    loaded: () => core.loaded(),
    discoveredIn: (apiName) => core.discoveredIn(apiName),
    snapshot: () => ({ session: core.snapshot(), synced: [...recorded] }),
    reset() {
      core = createToolSession();
      recorded = new Set();
    },
  };
}
