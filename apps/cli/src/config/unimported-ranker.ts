import { createLoadoutError } from '@loadout/core';
import type { RankerDefinition } from '@loadout/core';

/**
 * The definition the registry holds for the plug-in ranker `name` (module
 * `file`) when the command reading the config does not rank with it (see
 * `RankerSelection`): its module is not imported, so its top-level code
 * neither runs nor delays the command, and the name stays registered (an
 * unknown-ranker error lists it, a built-in's name is still taken). The
 * command never creates it; if it did, `create` fails with `ranker-failed`.
 */
export function unimportedRankerDefinition(name: string, file: string): RankerDefinition {
  return {
    specificationVersion: 'v1',
    name,
    description: `not imported: ${file} is imported by the commands that rank with it`,
    queryKind: 'keywords',
    create() {
      throw createLoadoutError('ranker-failed', `ranker ${JSON.stringify(name)} was not imported (its module ${file}): this command does not rank with it`, { ranker: name });
    },
  };
}
