import { isLoadoutError } from '@loadout/core';
import type { RankerDefinition } from '@loadout/core';
import { readOptions } from '@loadout/core/plugins';
import { readStored } from './build-context.js';
import type { BuiltIndex, RankerBuildContext } from './build-context.js';

/**
 * The index of a ranker a page registered (`EngineOptions.rankers`): a fresh
 * ranker from its definition (default options), restored from the store
 * when the definition can persist and a blob of its format exists for this
 * catalog, else indexed and then persisted.
 */
export async function buildCustom(context: RankerBuildContext, definition: RankerDefinition): Promise<BuiltIndex> {
  const ranker = await definition.create(readOptions(`ranker ${JSON.stringify(definition.name)}`, definition.options, undefined));
  const persistence = definition.capabilities?.persistence;
  const key = persistence === undefined ? undefined : { catalogHash: context.catalogHash, ranker: definition.name, version: persistence.format };
  if (persistence !== undefined && key !== undefined) {
    const blob = await readStored(context.store, key);
    if (blob !== undefined) {
      try {
        await persistence.restore(ranker, blob, context.tools);
        return { ranker, source: 'restored' };
      } catch (error) {
        if (!isLoadoutError(error) || error.code !== 'index-corrupt') throw error;
      }
    }
  }
  await ranker.index(context.tools);
  if (persistence !== undefined && key !== undefined && context.store !== undefined) {
    const bytes = await persistence.save(ranker);
    context.persist(key, () => bytes);
  }
  return { ranker, source: 'built' };
}
