import * as first from '@loadout/bm25';
import * as rerank from '@loadout/learn';

const bm25 = { ...first, ...rerank };
import type { RerankVectors } from '@loadout/learn';
import { createEvalCatalog } from '@loadout/eval';
import { eventTrainingQueries } from '@loadout/learn';
import type { EvalSet } from '@loadout/eval';
import type { TrainingQuery } from '@loadout/learn';
import { goldNames } from '../rerank/rerank-cases.js';
import type { RerankCase } from '../rerank/rerank-cases.js';
import { logOrder } from './out-of-fold.js';

/**
 * Training queries for a base model that has seen usage features: each
 * set's `kept` queries (a fold-clean background, see `foldCleanBackground`)
 * as a log on its own catalog, cross-fitted as a deployment's log is
 * (`eventTrainingQueries`: each query's features from a usage field of the
 * other inner folds), pooled over the sets. `vectors` gives each set's
 * word vectors (they fit its catalog).
 */
export function usageAwareTraining(kept: readonly RerankCase[], sets: readonly EvalSet[], candidates: number, vectors?: (set: string) => RerankVectors): TrainingQuery[] {
  const out: TrainingQuery[] = [];
  for (const evalSet of sets) {
    const own = kept.filter((item) => item.set === evalSet.name).map((item) => ({ ...item.query, relevant: goldNames(item.query) }));
    if (own.length === 0) continue;
    const events = logOrder(own).map((query) => ({ query: query.query, called: query.relevant }));
    const tools = createEvalCatalog(evalSet).tools;
    const fitting = { bm25, tools, bm25Options: undefined, usageField: undefined, usageWeight: 1, candidates, ...(vectors === undefined ? {} : { vectors: vectors(evalSet.name) }) };
    out.push(...eventTrainingQueries(fitting, events).queries);
  }
  return out;
}
