import { describeValue } from '@loadout/core';
import type { CatalogTool, Mod } from '@loadout/core';
import { definePlugin } from '../define-plugin.js';
import { optionError } from './option-error.js';

/**
 * Rewrites the description of a tool: `rewrite(tool, description)` gets the
 * description from beneath and returns the new one, or `undefined` to keep
 * it. Deferral is left to the mods beneath. `rewrite` should be pure: its
 * answers are cached per session.
 */
export type DescriptionRewriter = (tool: CatalogTool, description: string) => string | undefined;

/** A plugin that rewrites descriptions with `rewrite`. Throws `mod-invalid` when `rewrite` is not a function. */
export function rewriteDescriptions(name: string, rewrite: DescriptionRewriter): Mod {
  if (typeof rewrite !== 'function') {
    throw optionError(name, `rewrite ${describeValue(rewrite)} must be a function`);
  }
  return definePlugin({
    name,
    hooks: {
      'tool.describe': (event, next) => {
        const beneath = next();
        const description = rewrite(event.tool, beneath.description);
        return description === undefined ? beneath : { ...beneath, description };
      },
    },
  });
}
