import { validateMod } from '@loadout/core';
import type { Mod } from '@loadout/core';

/**
 * Declares a plugin mod: returns `plugin` unchanged, typed, after checking it.
 * Hook names come from core's `MOD_HOOK_NAMES` (today: `tool.describe`);
 * TypeScript rejects unknown hook names in an object literal, and this check
 * rejects them at run time too.
 *
 * @throws LoadoutError `mod-invalid` (naming the mod) for an empty name, an
 * unknown hook name or a hook that is not a function.
 */
export function definePlugin<const P extends Mod>(plugin: P): P {
  validateMod(plugin);
  return plugin;
}
