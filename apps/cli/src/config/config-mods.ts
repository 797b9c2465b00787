import type { CatalogMods } from '@loadout/core/plugins';
import type { LoadoutConfig } from './loadout-config.js';

/** The configuration's mods: its declarative `mods`, then the mods of its `plugins`. */
export function configMods(config: LoadoutConfig): CatalogMods {
  return { ...(config.mods === undefined ? {} : { mods: config.mods }), plugins: config.registry.mods };
}
