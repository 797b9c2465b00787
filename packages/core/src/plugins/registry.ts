import type { Mod } from '../mods/mod.js';
import type { QuerySyntaxOptions } from '../ranking/with-query-syntax.js';
import type { Ranker } from '../ranking/ranker.js';
import type { RankerDefinition } from './ranker-definition.js';

/** What {@link createRegistry} and {@link Registry.extend} take. */
export interface RegistryInput {
  /** Ranker definitions. Names must be unique across the registry. */
  readonly rankers?: readonly RankerDefinition[];
  /** Programmatic mods (plug-ins), applied in order. Names must be unique. */
  readonly mods?: readonly Mod[];
  /** The ranker used when none is named. Default: the first one registered. */
  readonly defaultRanker?: string;
}

/**
 * Plug-ins by name: an immutable plain object (no global state). Built by
 * {@link createRegistry}; `extend` returns a new registry with more.
 */
export interface Registry {
  /** The ranker used when none is named. */
  readonly defaultRanker: string;
  /** Every ranker definition, in registration order (the default need not be first). */
  readonly rankers: readonly RankerDefinition[];
  /** Every mod, in registration order (innermost first). */
  readonly mods: readonly Mod[];
  /** Whether a ranker of this name is registered. */
  hasRanker(name: string): boolean;
  /** The definition; throws `unknown-ranker` naming the value, the nearest name and every valid one. */
  ranker(name: string): RankerDefinition;
  /**
   * A fresh, empty ranker by name (default: `defaultRanker`), options checked,
   * query kind applied (see `createRankerFrom`; `querySyntax: false` gives
   * the bare ranker).
   */
  createRanker(name?: string, options?: unknown, querySyntax?: QuerySyntaxOptions | false): Promise<Ranker>;
  /** A new registry with these plug-ins added; throws `plugin-duplicate` for a name already taken. */
  extend(input: RegistryInput): Registry;
}
