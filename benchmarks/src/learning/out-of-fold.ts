import { createEvalCatalog, evaluateRanker, assignFolds, nearDuplicatePairs, pooledScores } from '@loadout/eval';
import { learnFromFeedback } from '@loadout/learn';
import type { EvalQuery, EvalSet } from '@loadout/eval';
import type { LearnFromFeedbackOptions, LearningReport } from '@loadout/learn';
import { fnv1a32 } from '@loadout/core/utils';
import { usageRankerFactory } from '@loadout/core/plugins';
import { bm25fDefinition } from '@loadout/rankers';

/** Quality figures in [0, 1]. */
export interface FoldScores {
  readonly 'recall@5': number;
  readonly 'ndcg@5': number;
  readonly 'mrr@10': number;
}

/** Out-of-fold result of learning from the other folds' queries as feedback. */
export interface OutOfFoldResult {
  readonly set: string;
  readonly folds: number;
  readonly queries: number;
  /** The model-free default over the same queries (no learning). */
  readonly baseline: FoldScores;
  /** What a deployment gets: learning switched on per fold only where its held-out check passed. */
  readonly learned: FoldScores;
  /** Folds whose held-out check switched learning on. */
  readonly enabledFolds: number;
  /** Test queries with a near-duplicate in their fold's training queries (must be 0). */
  readonly leakedQueries: number;
  readonly reports: readonly LearningReport[];
}

/** Queries in a fixed order unrelated to the file's grouping: by the FNV-1a hash of their text (then file order). */
export function logOrder(queries: readonly EvalQuery[]): EvalQuery[] {
  const keyed = queries.map((query, index) => ({ query, index, key: fnv1a32(query.query) }));
  return keyed.sort((a, b) => a.key - b.key || a.index - b.index).map(({ query }) => query);
}

/**
 * k-fold by query with fixed folds (`assignFolds`: near-duplicates share a
 * fold; with `learning.seed`, that seed's partition of them too): for each fold, the other folds' queries are a deployment's log
 * (each query's gold tools called, in {@link logOrder}), learned from
 * exactly as `loadout eval --feedback` does (through `bm25f`'s definition),
 * and the fold's queries are answered. No
 * query is ever scored by a ranker that learned from it or a near-duplicate.
 */
export async function measureOutOfFold(evalSet: EvalSet, folds = 5, learning: Partial<Pick<LearnFromFeedbackOptions, 'baseModel' | 'seed'>> = {}): Promise<OutOfFoldResult> {
  const tools = createEvalCatalog(evalSet).tools;
  const assignment = assignFolds(
    evalSet.queries.map((query) => query.query),
    folds,
    learning.seed,
  );
  const baselineParts: { scores: FoldScores; count: number }[] = [];
  const learnedParts: { scores: FoldScores; count: number }[] = [];
  const reports: LearningReport[] = [];
  let leakedQueries = 0;
  let enabledFolds = 0;
  // As `loadout eval --feedback` learns: through the default ranker's definition (capabilities.usage).
  const through = { ranker: usageRankerFactory(bm25fDefinition)!, learns: bm25fDefinition.capabilities?.usage?.learns ?? [] };
  for (let fold = 0; fold < folds; fold++) {
    const train: EvalQuery[] = [];
    const test: EvalQuery[] = [];
    evalSet.queries.forEach((query, index) => (assignment[index] === fold ? test : train).push(query));
    if (test.length === 0) continue;
    leakedQueries += new Set(nearDuplicatePairs(test.map((query) => query.query), train.map((query) => query.query)).map(([index]) => index)).size;
    // The dev files are grouped by source and category, so file order is not time order; the test fold is a
    // hash sample of the whole file, so the log that precedes it is the training queries in a fixed hashed order.
    const events = logOrder(train).map((query) => ({ query: query.query, called: query.relevant }));
    const { report, ranker } = await learnFromFeedback({ tools, events, ...through, ...learning });
    reports.push(report);
    if (report.enabled) enabledFolds++;
    const testSet: EvalSet = { name: evalSet.name, tools: evalSet.tools, queries: test };
    const learned = await evaluateRanker(ranker, testSet);
    learnedParts.push({ scores: learned, count: test.length });
    const { ranker: baseline } = await learnFromFeedback({ tools, events: [], ...through });
    baselineParts.push({ scores: await evaluateRanker(baseline, testSet), count: test.length });
  }
  return {
    set: evalSet.name,
    folds,
    queries: evalSet.queries.length,
    baseline: pooledScores(baselineParts),
    learned: pooledScores(learnedParts),
    enabledFolds,
    leakedQueries,
    reports,
  };
}
