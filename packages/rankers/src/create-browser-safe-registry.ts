import { createLoadoutError } from '@loadout/core';
import { createRegistry } from '@loadout/core/plugins';
import type { RankerDefinition, Registry, RegistryInput } from '@loadout/core/plugins';
import { BROWSER_SAFE_RANKERS } from './browser-safe-rankers.js';

/** Throws `unsupported-environment` unless `definition` declares `capabilities.browserSafe: true`. */
export function assertBrowserSafe(definition: RankerDefinition, host: string): void {
  if (definition.capabilities?.browserSafe === true) return;
  throw createLoadoutError(
    'unsupported-environment',
    `${host}: ranker ${JSON.stringify(definition.name)} does not declare capabilities.browserSafe: true, so it may need Node`,
    { name: definition.name },
  );
}

/**
 * A registry for a browser or worker: the browser-safe built-ins
 * ({@link BROWSER_SAFE_RANKERS}, default `bm25f`) plus `input`'s rankers and
 * mods. Every added ranker must declare `capabilities.browserSafe: true`
 * (`unsupported-environment` otherwise, naming it and `host`); a name a
 * built-in has is `plugin-duplicate`. A new object each call.
 */
export function createBrowserSafeRegistry(input: RegistryInput = {}, host = '@loadout/rankers'): Registry {
  for (const definition of BROWSER_SAFE_RANKERS) assertBrowserSafe(definition, host);
  const registry = createRegistry({ rankers: BROWSER_SAFE_RANKERS, defaultRanker: 'bm25f' }).extend(input);
  for (const definition of registry.rankers) assertBrowserSafe(definition, host);
  return registry;
}
