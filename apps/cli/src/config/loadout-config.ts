import type { DeclarativeMod } from '@loadout/core';
import type { Registry } from '@loadout/core/plugins';

/** The file names `loadout` looks for in the working directory, in order. */
export const CONFIG_FILE_NAMES = ['loadout.config.json', 'loadout.config.mjs', 'loadout.config.js', 'loadout.config.ts'] as const;

/** Every key a configuration may have; a public contract (tests outside this repository use these names). */
export const CONFIG_KEYS = ['ranker', 'rankerOptions', 'rankers', 'plugins', 'mods', 'catalog', 'limit', 'mcpServers'] as const;

/** The keys of a `rankers` entry written as an object (see {@link RankerModuleEntry}). */
export const RANKER_ENTRY_KEYS = ['module', 'startTimeoutMs'] as const;

/**
 * A `rankers` entry written as an object, for a ranker that needs more (or
 * less) time to start than the default: `{ "module": "./embed.mjs",
 * "startTimeoutMs": 60000 }`.
 */
export interface RankerModuleEntry {
  /** Module path (relative to the config's folder) or package name whose default export is a `RankerDefinition` of the entry's name. */
  readonly module: string;
  /**
   * Longest wait, in ms, for this ranker to start: its module's top-level
   * code when the config is read, then, in its worker, the module loaded
   * and its definition's `create` returned (raise it for a `create` that
   * loads a model). Over it, `ranker-timeout`; `loadout serve` ranks with
   * bm25f meanwhile and switches to the ranker if it starts later. Default
   * 10,000; an integer from 1,000 to 600,000.
   */
  readonly startTimeoutMs?: number;
}

/**
 * A deployment's configuration as written: `loadout.config.json`, or
 * `.mjs`/`.js`/`.ts` exporting the object as default. Relative paths
 * resolve against the file's folder.
 */
export interface LoadoutConfigFile {
  /** Ranker by name: a built-in (`bm25f`, `wink-bm25`, `regex`, `static-embedding`, `hybrid`) or one of `rankers`. Default `bm25f`. */
  readonly ranker?: string;
  /** Options passed to that ranker's `create`, checked against its options schema. Default: its defaults. */
  readonly rankerOptions?: Readonly<Record<string, unknown>>;
  /**
   * More rankers: name → module path or package name whose default export
   * is a `RankerDefinition` of that name, or a {@link RankerModuleEntry}
   * (`{ module, startTimeoutMs }`) to give it another start budget.
   */
  readonly rankers?: Readonly<Record<string, string | RankerModuleEntry>>;
  /** Mod modules: each default export is a `Mod` (`{ name, hooks: { 'tool.describe' } }`) or an array of them. */
  readonly plugins?: readonly string[];
  /** Declarative mods, as in the policy input: `[{ plugin, rules: [{ server?, tool?, isDeferred?, description? }] }]`. */
  readonly mods?: readonly DeclarativeMod[];
  /** Catalog file used when a command gets no `--catalog`. Default: the embedded demo catalog. */
  readonly catalog?: string;
  /** Results per search, 1–100. Default 5. */
  readonly limit?: number;
  /** Claude-style upstream servers for `loadout serve` (as in `.mcp.json`). */
  readonly mcpServers?: Readonly<Record<string, unknown>>;
}

/** A loaded configuration: the file's values (paths resolved) and the registry its plug-ins make. */
export interface LoadoutConfig extends Omit<LoadoutConfigFile, 'rankers' | 'plugins'> {
  /** The file read, or undefined when there is none. */
  readonly path: string | undefined;
  /** The built-in rankers plus `rankers`, and the mods of `plugins`. */
  readonly registry: Registry;
}
