import { createRegistry } from '@loadout/core/plugins';
import type { Registry, RegistryInput } from '@loadout/core/plugins';
import { BUILTIN_RANKERS } from './builtin-rankers.js';

/**
 * A registry holding {@link BUILTIN_RANKERS} (default `bm25f`), plus
 * whatever `input` adds (user rankers and mods; names must not repeat a
 * built-in's). A new object each call: there is no shared registry.
 */
export function createBuiltinRegistry(input: RegistryInput = {}): Registry {
  return createRegistry({ rankers: BUILTIN_RANKERS, defaultRanker: 'bm25f' }).extend(input);
}
