import { createLoadoutError, createToolSession, describeValue, restoreToolSession } from '@loadout/core';
import type { ToolSession } from '@loadout/core';
import { conversationDiscoveries, messageDiscoveries } from './message-discoveries.js';
import type { SessionChange, ToolSearchSession, ToolSearchSessionOptions, ToolSearchSessionSnapshot } from './tool-search-session-types.js';

function restore(snapshot: ToolSearchSessionSnapshot | undefined): { core: ToolSession; synced: Set<string> } {
  if (snapshot === undefined) return { core: createToolSession(), synced: new Set() };
  if (typeof snapshot !== 'object' || snapshot === null || snapshot.version !== 1 || !Array.isArray(snapshot.synced)) {
    throw createLoadoutError('invalid-input', `tool search session snapshot: expected version 1 with a synced list, got ${describeValue(snapshot)}`);
  }
  return { core: restoreToolSession(snapshot.session), synced: new Set(snapshot.synced.filter((id) => typeof id === 'string')) };
}

/**
 * Creates a {@link ToolSearchSession} over core's loaded-tools session.
 * Throws `invalid-input` for a malformed snapshot.
 */
export function createToolSearchSession(options: ToolSearchSessionOptions = {}): ToolSearchSession {
  let { core, synced } = restore(options.snapshot);

  const change = (before: ReadonlySet<string>, unloaded: string[]): SessionChange => ({
    loaded: core.loaded().filter((name) => !before.has(name)),
    unloaded,
  });

  return {
    sync(messages) {
      const before = new Set(core.loaded());
      const present = new Set<string>();
      for (const { toolUseId, toolNames } of conversationDiscoveries(messages)) {
        present.add(toolUseId);
        if (synced.has(toolUseId)) continue;
        core.recordSearch(toolUseId, toolNames);
        synced.add(toolUseId);
      }
      const dropped = [...synced].filter((id) => !present.has(id));
      for (const id of dropped) synced.delete(id);
      return change(before, core.compact(dropped).unloaded);
    },
    recordMessage(messageId, message) {
      const names = messageDiscoveries(message).flatMap((discovery) => discovery.toolNames);
      if (names.length > 0) core.recordSearch(messageId, names);
      return names;
    },
    compact(droppedIds) {
      const before = new Set(core.loaded());
      const dropped = [...droppedIds];
      for (const id of dropped) synced.delete(id);
      return change(before, core.compact(dropped).unloaded);
    },
    isLoaded: (name) => core.isLoaded(name),
    loaded: () => core.loaded(),
    discoveredIn: (name) => core.discoveredIn(name),
    snapshot: () => ({ version: 1, session: core.snapshot(), synced: [...synced] }),
    reset() {
      core = createToolSession();
      synced = new Set();
    },
  };
}
