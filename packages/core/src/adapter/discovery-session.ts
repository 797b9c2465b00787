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

/**
 * A {@link DiscoverySession}: a tool stays loaded while any answer that
 * loaded it is in the conversation (keyed by call id, so copies and
 * re-serialised messages do not matter); `alsoPresent` names call ids the
 * conversation holds elsewhere (a server-side response chain).
 */
export function createDiscoverySession(): DiscoverySession {
  let core = createToolSession();
  let recorded = new Set<string>();
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
      const dropped = [...recorded].filter((id) => !ids.has(id));
      for (const id of dropped) recorded.delete(id);
      const { unloaded } = core.compact(dropped);
      return { loaded: core.loaded().filter((name) => !before.has(name)), unloaded };
    },
    isLoaded: (apiName) => core.isLoaded(apiName),
    loaded: () => core.loaded(),
    reset() {
      core = createToolSession();
      recorded = new Set();
    },
  };
}
