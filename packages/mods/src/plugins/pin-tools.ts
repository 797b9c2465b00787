import type { Mod } from '@loadout/core';
import { selectTools } from './select-tools.js';
import type { SelectToolsOptions } from './select-tools-options.js';

/**
 * A plugin that keeps the matching tools always loaded (`isDeferred: false`).
 * Core built-ins are upfront already. Throws `mod-invalid` for bad options.
 */
export function pinTools(name: string, options: SelectToolsOptions): Mod {
  return selectTools(name, options, false);
}
