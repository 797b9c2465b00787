import { describeValue, modFromRules } from '@loadout/core';
import type { Mod } from '@loadout/core';
import { optionError } from './option-error.js';
import type { SelectToolsOptions } from './select-tools-options.js';

/** One declarative rule per glob, all setting the same deferral. */
export function selectTools(name: string, options: SelectToolsOptions, isDeferred: boolean): Mod {
  const { server, tools } = options ?? {};
  if (!Array.isArray(tools) || tools.some((glob) => typeof glob !== 'string')) {
    throw optionError(name, `tools ${describeValue(tools)} must be an array of globs`);
  }
  const rules = tools.map((tool) => (server === undefined ? { tool, isDeferred } : { server, tool, isDeferred }));
  return modFromRules({ plugin: name, rules });
}
