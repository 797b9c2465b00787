import { createLoadoutError, describeValue } from '@loadout/core';
import { createDiscoverySession } from '@loadout/core/adapter';
import type { RestorableDiscoverySession } from '@loadout/core/adapter';
import { conversationDiscoveries, messageDiscoveries } from './message-discoveries.js';
import type { ToolSearchSession, ToolSearchSessionOptions, ToolSearchSessionSnapshot } from './tool-search-session-types.js';

function restore(snapshot: ToolSearchSessionSnapshot | undefined): RestorableDiscoverySession {
  if (snapshot === undefined) return createDiscoverySession();
  if (typeof snapshot !== 'object' || snapshot === null || snapshot.version !== 1 || !Array.isArray(snapshot.synced)) {
    throw createLoadoutError('invalid-input', `tool search session snapshot: expected version 1 with a synced list, got ${describeValue(snapshot)}`);
  }
  return createDiscoverySession({ snapshot: { session: snapshot.session, synced: snapshot.synced } });
}

/**
 * Creates a {@link ToolSearchSession} over core's discovery session (the
 * same sync and compaction every adapter uses), reading Anthropic messages.
 * Throws `invalid-input` for a malformed snapshot.
 */
export function createToolSearchSession(options: ToolSearchSessionOptions = {}): ToolSearchSession {
  const discoveries = restore(options.snapshot);
  return {
    sync: (messages) => discoveries.sync(conversationDiscoveries(messages).map(({ toolUseId, toolNames }) => ({ callId: toolUseId, toolNames }))),
    recordMessage(messageId, message) {
      const names = messageDiscoveries(message).flatMap((discovery) => discovery.toolNames);
      if (names.length > 0) discoveries.record(messageId, names);
      return names;
    },
    compact: (droppedIds) => discoveries.compact(droppedIds),
    isLoaded: (name) => discoveries.isLoaded(name),
    loaded: () => discoveries.loaded(),
    discoveredIn: (name) => discoveries.discoveredIn(name),
    snapshot: () => ({ version: 1, ...discoveries.snapshot() }),
    reset: () => discoveries.reset(),
  };
}
