import { isLoadoutError } from '@loadout/core';
import type { RankerDefinition } from '@loadout/core';
import { readOptions } from '@loadout/core/plugins';
import { readStored } from './build-context.js';
import type { BuiltIndex, RankerBuildContext } from './build-context.js';

/**
 * The index of any registered ranker, built-in or the page's own: a fresh
 * ranker from its definition (default options; `bm25.completeLastWord`
 * with the context's `completeLastWord`), restored from the store
 * when the definition declares `capabilities.persistence` and a blob of its
 * format exists for this catalog (a blob that does not fit, `index-corrupt`,
 * is ignored), else indexed and then persisted after the current task.
 */
export async function buildIndex(context: RankerBuildContext, definition: RankerDefinition): Promise<BuiltIndex> {
  // The query-time completion of BM25F leaves the index as it is: a persisted one serves with it or without.
  const given = context.completeLastWord && definition.options?.['bm25'] !== undefined ? { bm25: { completeLastWord: true } } : undefined;
  const ranker = await definition.create(readOptions(`ranker ${JSON.stringify(definition.name)}`, definition.options, given));
  const persistence = definition.capabilities?.persistence;
  if (persistence === undefined) {
    await ranker.index(context.tools);
    return { ranker, source: 'built' };
  }
  const key = { catalogHash: context.catalogHash, ranker: definition.name, version: persistence.format };
  const blob = await readStored(context.store, key);
  if (blob !== undefined) {
    try {
      await persistence.restore(ranker, blob, context.tools);
      return { ranker, source: 'restored' };
    } catch (error) {
      if (!isLoadoutError(error) || error.code !== 'index-corrupt') throw error;
    }
  }
  await ranker.index(context.tools);
  context.persist(key, () => persistence.save(ranker));
  return { ranker, source: 'built' };
}
