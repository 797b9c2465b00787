import { createLoadoutError, describeValue } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';

/** A `mod-invalid` error for a bad option of a ready-made plugin, naming the plugin. */
export function optionError(plugin: string, message: string): LoadoutError {
  return createLoadoutError('mod-invalid', `mod ${describeValue(plugin)}: ${message}`, { mod: plugin });
}
