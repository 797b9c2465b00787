import { isLoadoutError } from '@loadout/core';
import type { RankerDefinition } from '@loadout/core';
import type { RerankVectors } from '@loadout/bm25';
import type { CliContext } from '../io/cli-context.js';

/**
 * The word vectors learning fits the log's re-ranker with: the ranker
 * definition's (`capabilities.usage.vectors`, for `bm25f` and `rerank` the
 * GloVe table `@loadout/embeddings` builds, offline) when it learns a
 * model. Undefined when it has none, or, with a note on stderr naming the
 * code, when they cannot load (learning then fits a lexical model).
 */
export async function learningVectors(definition: RankerDefinition, command: string, context: CliContext): Promise<RerankVectors | undefined> {
  const usage = definition.capabilities?.usage;
  if (usage?.vectors === undefined || !(usage.learns ?? []).includes('model')) return undefined;
  try {
    return (await usage.vectors()) as RerankVectors;
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    context.stderr(`loadout ${command}: the word vectors of ranker ${JSON.stringify(definition.name)} did not load [${error.code}]; learning a re-ranker without them\n`);
    return undefined;
  }
}
