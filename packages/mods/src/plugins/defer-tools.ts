import type { Mod } from '@loadout/core';
import { selectTools } from './select-tools.js';
import type { SelectToolsOptions } from './select-tools-options.js';

/**
 * A plugin that puts the matching tools behind search (`isDeferred: true`),
 * even `alwaysLoad` ones. Core built-ins cannot be deferred: the attempt is
 * reported in `ignoredCore`. Throws `mod-invalid` for bad options.
 */
export function deferTools(name: string, options: SelectToolsOptions): Mod {
  return selectTools(name, options, true);
}
