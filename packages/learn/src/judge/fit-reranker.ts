import type { CatalogTool, RankerUsageField } from '@loadout/core';
import { createBm25Ranker, createUsageField } from '@loadout/bm25';
import type { Bm25RankerOptions, UsageEvent } from '@loadout/bm25';
import { assignFolds } from '@loadout/eval';
import type { RerankModel } from '../rerank/rerank-model.js';
import { extractRerankCandidates } from '../rerank/create-rerank-ranker.js';
import { trainRerankModel } from '../train/train-rerank-model.js';
import { toTrainingQuery } from '../train/training-query.js';
import type { TrainingQuery } from '../train/training-query.js';

/** Weight of the usage field in the first stage (figures: decision 0043). */
export const USAGE_WEIGHT = 1;
/** Catalogs of at least this many tools train and re-rank 100 first-stage candidates (recorded as `RerankModel.candidates`), smaller ones 50 (figures: decision 0048). */
const LARGE_CATALOG = 5000;
/** Inner folds of the cross-fitting, and the newest events a fit reads at most (the eval sets' logs, at most 842 events, are below it). */
const CROSS_FOLDS = 3;
const MAX_FIT_EVENTS = 1500;
/**
 * Warm start from the base model: L2 0.01 toward its weights
 * (L2-SP) and the softmax + LambdaRank@10 loss (figures: decisions 0049,
 * 2914, 2915, 2922), 10 epochs up to 43 steps of 16 queries (every log of the
 * eval sets), then fewer, so a long log costs about as many steps.
 */
const WARM_START = { l2: 0.01, loss: 'softmax+lambda' } as const;
const WARM_STEPS = 10 * 43;

/** Epochs of a warm start over `queries` training queries: 10, fewer past {@link WARM_STEPS} steps, at least 4. */
function warmEpochs(queries: number): number {
  return Math.max(4, Math.min(10, Math.round(WARM_STEPS / Math.ceil(queries / 16))));
}

/** BM25F's options with a learned usage field (`usage.model` is the re-ranker's, not BM25F's). */
export function usageOptions(usage: RankerUsageField): Bm25RankerOptions {
  return { fieldWeights: { usage: usage.weight }, usage: usage.text };
}

/**
 * Fits the re-ranker on a deployment's events (the newest 1,500 at most),
 * each a past search whose called tools are its gold: `baseModel`
 * warm-started ({@link WARM_START}) on them, cross-fitted: the events are
 * split into 3 folds (near-duplicates together, a query's repeats taking
 * the folds in turn), and each fold's features are read from a first stage
 * whose usage field holds only the other folds: as at search, it lacks a new
 * query and holds a repeated one's past searches (decision 3428). Undefined
 * when no event has a called tool among its candidates.
 */
export function fitRerankOnEvents(tools: readonly CatalogTool[], allEvents: readonly UsageEvent[], baseModel: RerankModel): RerankModel | undefined {
  const candidates = tools.length >= LARGE_CATALOG ? 100 : 50;
  const events = allEvents.slice(-MAX_FIT_EVENTS);
  const repeats = new Map<string, number>();
  const folds = assignFolds(events.map((event) => event.query), CROSS_FOLDS).map((group, index) => {
    const { query } = events[index]!;
    repeats.set(query, (repeats.get(query) ?? -1) + 1);
    return (group + repeats.get(query)!) % CROSS_FOLDS;
  });
  const queries: TrainingQuery[] = [];
  for (let fold = 0; fold < CROSS_FOLDS; fold++) {
    const held = events.filter((_, index) => folds[index] === fold);
    const field = createUsageField(events.filter((_, index) => folds[index] !== fold));
    const first = createBm25Ranker(usageOptions({ text: field.text, weight: USAGE_WEIGHT }));
    first.index(tools);
    queries.push(...held.flatMap((event) => toTrainingQuery(extractRerankCandidates(first, event.query, candidates), event.called) ?? []));
  }
  if (queries.length === 0) return undefined;
  const model = trainRerankModel(queries, { init: baseModel, epochs: warmEpochs(queries.length), ...WARM_START });
  return candidates === 50 ? model : { ...model, candidates };
}
