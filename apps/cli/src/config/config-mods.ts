import type { DeclarativeMod, Mod } from '@loadout/core';
import type { CatalogMods } from '@loadout/core/plugins';
import { configError } from './config-error.js';
import type { LoadoutConfig } from './loadout-config.js';

/** The configuration's mods: its declarative `mods`, then the mods of its `plugins`. */
export function configMods(config: LoadoutConfig): CatalogMods {
  return { ...(config.mods === undefined ? {} : { mods: config.mods }), plugins: config.registry.mods };
}

/**
 * Refuses a declarative mod (`mods[]`, named by its `plugin`) named like a
 * mod of the config's `plugins` files: `plugin-duplicate`, as two plug-in
 * mods or two declarative mods of one name are (the policy would skip it
 * with only a warning).
 */
export function checkModNames(declarative: readonly DeclarativeMod[] | undefined, plugins: readonly Mod[], path: string): void {
  const taken = new Set(plugins.map((mod) => mod.name));
  (declarative ?? []).forEach((mod, index) => {
    if (taken.has(mod.plugin)) {
      throw configError('plugin-duplicate', path, `mods[${index}]`, `two mods are named ${JSON.stringify(mod.plugin)}: this declarative mod and a mod of a "plugins" file`);
    }
  });
}
