import type { CatalogTool } from '@loadout/core';

/** Most tools remembered with the search that last found them (a catalog holds at most 10,000). */
const MAX_REMEMBERED = 10_000;

/**
 * One session's searches, as far as pairing a call with the search it
 * follows needs them; see {@link createSessionSearches}.
 */
export interface SessionSearches {
  /** A search of the session ended: its `searchId` (undefined when it found nothing) and the display names it found. */
  found(searchId: string | undefined, displayNames: readonly string[]): void;
  /** The `searchId` a call of `tool` follows: the most recent search that found it, else the latest search (undefined before any). */
  followed(tool: CatalogTool | undefined): string | undefined;
}

/**
 * Remembers, for each tool, the latest search of the session that found it,
 * and the session's latest search. With 300 searches and calls in flight in
 * one session, "the latest search" is whichever ended last, and would name
 * another call's query; the latest search that found the called tool is the
 * one the call most likely follows.
 */
export function createSessionSearches(): SessionSearches {
  const byTool = new Map<string, string>();
  let latest: string | undefined;
  return {
    found(searchId, displayNames) {
      latest = searchId;
      if (searchId === undefined) return;
      for (const name of displayNames) {
        // Re-inserted, so the map's order is by recency and the oldest goes first.
        byTool.delete(name);
        byTool.set(name, searchId);
      }
      while (byTool.size > MAX_REMEMBERED) byTool.delete(byTool.keys().next().value!);
    },
    followed(tool) {
      return (tool === undefined ? undefined : byTool.get(tool.displayName)) ?? latest;
    },
  };
}
