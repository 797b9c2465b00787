import type { ToolDiscovery } from './discovery-session.js';

/** The tools a transcript's discoveries loaded, in order of first load, each once (what a fresh {@link createDiscoverySession} holds after syncing them). */
export function discoveredNames(discoveries: readonly ToolDiscovery[]): string[] {
  return [...new Set(discoveries.flatMap((discovery) => discovery.toolNames))];
}
