import type { LoadoutError, RankerDefinition } from '@loadout/core';
import { loadRankers, type PluginLoadOptions } from './load-plugins.js';
import type { RankerModuleEntry } from './loadout-config.js';

/** The error of each definition {@link brokenRankerDefinition} made. */
const errors = new WeakMap<RankerDefinition, LoadoutError>();

/**
 * The definition the registry holds for the plug-in ranker `name` whose
 * module failed to load or is not a valid definition, when the command
 * lists rankers rather than ranks (`loadout rankers`): it is listed with
 * `error` (see {@link rankerLoadError}), and `create` throws it. It takes
 * `optionNames` unchecked (`any`), as a module that never loaded says nothing
 * of them.
 */
export function brokenRankerDefinition(name: string, error: LoadoutError, optionNames: readonly string[] = []): RankerDefinition {
  const definition: RankerDefinition = {
    specificationVersion: 'v1',
    name,
    description: `not loaded: its module failed [${error.code}]`,
    queryKind: 'keywords',
    ...(optionNames.length === 0 ? {} : { options: Object.fromEntries(optionNames.map((option) => [option, { type: 'any', description: 'not checked: the module did not load' }])) }),
    create() {
      throw error;
    },
  };
  errors.set(definition, error);
  return definition;
}

/** Why the ranker of `definition` did not load, if {@link brokenRankerDefinition} made it. */
export function rankerLoadError(definition: RankerDefinition): LoadoutError | undefined {
  return errors.get(definition);
}

/**
 * The config's `rankers` as {@link loadRankers} loads them, but a ranker
 * whose module fails with a LoadoutError (it does not import, its default
 * export is not a definition, it is named otherwise) is a
 * {@link brokenRankerDefinition} instead of failing them all.
 */
export async function loadRankersKeepingBroken(rankers: Readonly<Record<string, string | RankerModuleEntry>>, folder: string, path: string, options: PluginLoadOptions = {}): Promise<RankerDefinition[]> {
  return loadRankers(rankers, folder, path, { ...options, brokenRanker: (name, error) => brokenRankerDefinition(name, error, options.optionNames?.[name]) });
}
