import type { Mod, ModFailure, ToolResolver } from '@loadout/core';

/** Options of {@link createModHost}. */
export interface ModHostOptions {
  /** The plugins, in order: the last one is the outermost layer and its answer wins. May be empty. */
  readonly plugins: readonly Mod[];
  /**
   * Called once for each failure, when a tool's answer is computed (a cache
   * fill), never on cache hits. Called after the answer is cached. Default: none.
   */
  readonly onFailure?: (failure: ModFailure) => void;
}

/** Cache counters since the host was created. */
export interface ModHostStats {
  /** Answers served from the cache. */
  readonly hits: number;
  /** Answers computed by running the mods. */
  readonly misses: number;
  /** Tools currently cached. */
  readonly size: number;
}

/**
 * A {@link ToolResolver} with session state: each tool's answer is computed
 * once and cached until invalidated. The cache key is the tool's display
 * name plus a content hash (description, input schema, server, kind, and the
 * base event's description) and the base `isDeferred`, so a changed tool is
 * recomputed on its own.
 */
export interface ModHost extends ToolResolver {
  /** Appends a plugin as the new outermost layer and clears the cache. Throws `mod-invalid` (bad plugin or duplicate name). */
  use(plugin: Mod): void;
  /** Removes the plugin with this name and clears the cache. Returns false (and keeps the cache) when there is none. */
  remove(name: string): boolean;
  /** Forgets one tool's answer (by display name), or every answer when omitted. */
  invalidate(toolDisplayName?: string): void;
  /** The plugins in order, innermost first. */
  plugins(): readonly Mod[];
  /** Every failure reported so far, in the order reported (one per mod, tool and cache fill). */
  failures(): readonly ModFailure[];
  stats(): ModHostStats;
}
