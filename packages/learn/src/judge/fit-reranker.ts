import { withQuerySyntax } from '@loadout/core';
import type { CatalogTool, RankerUsageField, SyncRanker } from '@loadout/core';
import type { Bm25RankerOptions, UsageEvent, UsageFieldOptions } from '@loadout/bm25';
import type { RerankModel, RerankVectors } from '../rerank/index.js';
import { buildTrainingQueries } from '../train/build-training-queries.js';
import { trainRerankModel } from '../train/train-rerank-model.js';
import type { TrainRerankOptions } from '../train/train-rerank-model.js';
import type { TrainingQuery } from '../train/training-query.js';
import { assignFolds } from '@loadout/eval';
import { blendRerankModels } from './blend-models.js';
import { widenModel } from './widen-model.js';
import { withoutSiblingFeatures } from './without-sibling-features.js';

/** `@loadout/bm25` with the re-ranker beside it, as `learnFromFeedback` loads them. */
export type Bm25Module = typeof import('@loadout/bm25') & typeof import('../rerank/index.js');

/** How a deployment's re-ranker is fitted on its own events. */
export interface RerankFitting {
  readonly bm25: Bm25Module;
  readonly tools: readonly CatalogTool[];
  /** First-stage options (the usage field is added per fit). */
  readonly bm25Options: Bm25RankerOptions | undefined;
  readonly usageField: UsageFieldOptions | undefined;
  /** Weight of the usage field in the first stage. */
  readonly usageWeight: number;
  /** Model options. Default: the MLP from 200 events (`MLP_MIN_EVENTS`), else linear with epochs scaled to the log's size. */
  readonly training?: TrainRerankOptions;
  /** Weight of the usage prior in the first stage the model re-ranks (0: none). Default 0. */
  readonly usagePriorWeight?: number;
  /** Inner folds of the cross-fitting. Default 3; range 2–10. */
  readonly crossFolds?: number;
  /** First-stage candidates the model is trained on and re-ranks (recorded as `RerankModel.candidates` when not 50). Default 50; range 1–1,000. */
  readonly candidates?: number;
  /** Warm start: the model the fit starts from and is pulled toward (`TrainRerankOptions.init`). Default: none (a cold fit). */
  readonly baseModel?: RerankModel;
  /** With `baseModel`: the fit is the mean of the warm-started and the cold fit's scores (`blendRerankModels`), not the warm one alone. Default false. */
  readonly blend?: boolean;
  /**
   * Word vectors: the fit reads and the model uses `RERANK_VECTOR_FEATURES`
   * (a `baseModel` must have them too). Default: none (`RERANK_FEATURES`).
   */
  readonly vectors?: RerankVectors;
  /** The fit reads and the model uses `NEIGHBOUR_FEATURES` too (a `baseModel` must have them, e.g. widened with zero weights). Default false. */
  readonly neighbours?: boolean;
  /** The fit reads and the model uses `SIBLING_FEATURES` too (a `baseModel` must have them, e.g. widened with zero weights). Default false. */
  readonly siblings?: boolean;
  /**
   * With `siblings`: the same fit without `SIBLING_FEATURES` (its own
   * `baseModel` not widened to them), trained on the same rows cut to the features it
   * reads; the model is the mean of both fits' scores (`blendRerankModels`,
   * this one widened with zero weights for the sibling features). Default:
   * none (this fit alone).
   */
  readonly narrowTwin?: RerankFitting;
}

/** Inner folds of the cross-fitting, and the newest events a fit reads at most (folds cost O(n²) to assign). */
const CROSS_FOLDS = 3;
const MAX_FIT_EVENTS = 3000;
/**
 * Fewest events for the MLP (16 tanh units, L2 0.01, 40 epochs); smaller
 * logs get the linear model, which the MLP overfits below this. Forced out
 * of fold (R@5, linear → MLP): mix10k (673 events) 77.3 → 79.2, sealtools
 * (536) 94.7 → 95.2, toolbench_stb (304) 80.9 → 80.8, livemcpbench (42)
 * 51.4 → 50.3.
 */
const MLP_MIN_EVENTS = 200;

/** BM25F `options` plus a learned usage field and, when it has one, its prior (`usage.model` is the re-ranker's, not BM25F's). */
export function withUsageField(options: Bm25RankerOptions | undefined, usage: RankerUsageField): Bm25RankerOptions {
  return {
    ...options,
    fieldWeights: { ...options?.fieldWeights, usage: usage.weight },
    usage: usage.text,
    ...(usage.prior === undefined ? {} : { usagePrior: usage.prior.calls, usagePriorWeight: usage.prior.weight }),
  };
}

/** First-stage options with the usage field of `events` (none: the plain first stage). */
export function usageOptions(fitting: RerankFitting, events: readonly UsageEvent[]): Bm25RankerOptions | undefined {
  if (events.length === 0) return fitting.bm25Options;
  const field = fitting.bm25.createUsageField(events, fitting.usageField);
  const prior = fitting.usagePriorWeight ?? 0;
  return withUsageField(fitting.bm25Options, { text: field.text, weight: fitting.usageWeight, ...(prior > 0 ? { prior: { calls: field.calls, weight: prior } } : {}) });
}

/**
 * Warm start from `RerankFitting.baseModel`: L2 toward its weights and
 * epochs, measured out of fold on mix10k (R@5 78.5 at 20 epochs, 78.0 at
 * 40), and the softmax + LambdaRank@10 loss: the warm fit alone, forced,
 * mix10k / toolbench_stb / sealtools 78.5 → 79.0, 81.1 → 81.9, 96.0 →
 * 96.3 over the softmax alone (LambdaRank@5 or @1000 instead: no gain).
 */
const WARM_START = { l2: 0.01, epochs: 20, loss: 'softmax+lambda', lambdaDepth: 10 } as const;

/** A log's cross-fitted training queries (see {@link fitRerankOnEvents}) and how many events they came from. */
export interface EventQueries {
  readonly queries: readonly TrainingQuery[];
  readonly events: number;
}

/**
 * The training queries of a deployment's events (each a past search whose
 * called tools are its gold), cross-fitted: the events are split into 3
 * folds by query (near-duplicates together), and each fold's features are
 * read from a first stage whose usage field holds only the other folds, so
 * a model never learns from a usage field that already contains the very
 * query it is scored on. Computed once, shared by every fit of the log.
 */
export function eventTrainingQueries(fitting: RerankFitting, allEvents: readonly UsageEvent[]): EventQueries {
  const events = allEvents.slice(-MAX_FIT_EVENTS);
  const crossFolds = Math.min(10, Math.max(2, Math.round(fitting.crossFolds ?? CROSS_FOLDS)));
  const folds = assignFolds(
    events.map((event) => event.query),
    crossFolds,
  );
  const queries: TrainingQuery[] = [];
  for (let fold = 0; fold < crossFolds; fold++) {
    const held = events.filter((_, index) => folds[index] === fold);
    if (held.length === 0) continue;
    const first = fitting.bm25.createBm25Ranker(usageOptions(fitting, events.filter((_, index) => folds[index] !== fold)));
    first.index(fitting.tools);
    queries.push(...buildTrainingQueries(first, held.map((event) => ({ query: event.query, relevant: event.called })), fitting.candidates, fitting.vectors, { neighbours: fitting.neighbours === true, siblings: fitting.siblings === true }));
  }
  return { queries, events: events.length };
}

/**
 * Trains the re-ranker on a log's {@link eventTrainingQueries}: from
 * `fitting.baseModel` when set (warm start, {@link WARM_START}; with
 * `blend`, averaged with the fit from scratch), else from scratch, the MLP
 * from 200 events and linear below; with `narrowTwin`, averaged with that
 * fit without the sibling features. Undefined when no event has a called
 * tool among its candidates.
 */
export function trainOnEvents(fitting: RerankFitting, log: EventQueries): RerankModel | undefined {
  const model = fitting.narrowTwin === undefined ? trainModelOnEvents(fitting, log) : trainWithTwin(fitting, fitting.narrowTwin, log);
  const candidates = fitting.candidates ?? 50;
  return model === undefined || candidates === 50 ? model : { ...model, candidates };
}

/**
 * The model of a fit with its `RerankFitting.narrowTwin`: the mean of
 * `narrow` (the twin's, widened to `wide` with zero weights) and `own`
 * (over `wide`); either alone when the other is undefined.
 */
export function blendTwins(narrow: RerankModel | undefined, own: RerankModel | undefined, wide: readonly string[]): RerankModel | undefined {
  if (narrow === undefined) return own;
  const widened = widenModel(narrow, wide);
  return own === undefined ? widened : blendRerankModels(widened, own);
}

/** `fitting` (over sibling features) on `log` blended with `twin` on the same rows without them. */
function trainWithTwin(fitting: RerankFitting, twin: RerankFitting, log: EventQueries): RerankModel | undefined {
  const groups = { vectors: fitting.vectors !== undefined, neighbours: fitting.neighbours === true };
  const narrow = fitting.bm25.rerankFeatureList(groups);
  const wide = fitting.bm25.rerankFeatureList({ ...groups, siblings: true });
  return blendTwins(trainModelOnEvents(twin, withoutSiblingFeatures(log, narrow.length, wide.length)), trainModelOnEvents(fitting, log), wide);
}

function trainModelOnEvents(fitting: RerankFitting, log: EventQueries): RerankModel | undefined {
  if (log.queries.length === 0) return undefined;
  const { queries } = log;
  if (fitting.baseModel !== undefined) {
    const warm = trainRerankModel(queries, { init: fitting.baseModel, ...WARM_START, ...fitting.training });
    return fitting.blend === true ? blendRerankModels(warm, trainModelOnEvents({ ...fitting, baseModel: undefined }, log)!) : warm;
  }
  const features = fitting.vectors === undefined ? 'lexical' : 'vectors';
  const groups = { neighbours: fitting.neighbours === true, siblings: fitting.siblings === true };
  if (log.events >= MLP_MIN_EVENTS) return trainRerankModel(queries, { kind: 'mlp', units: 16, l2: 0.01, epochs: 40, features, ...groups, ...fitting.training });
  const batches = Math.ceil(queries.length / 16);
  const epochs = Math.min(400, Math.max(40, Math.ceil(1500 / batches)));
  return trainRerankModel(queries, { kind: 'linear', epochs, features, ...groups, ...fitting.training });
}

/** Fits a re-ranking model on a deployment's events: {@link trainOnEvents} of their {@link eventTrainingQueries}. */
export function fitRerankOnEvents(fitting: RerankFitting, events: readonly UsageEvent[]): RerankModel | undefined {
  return trainOnEvents(fitting, eventTrainingQueries(fitting, events));
}

/** The learned ranker: the usage field of `events` in the first stage, `model` re-ranking it, exact names first; indexed. */
export function createLearnedReranker(fitting: RerankFitting, events: readonly UsageEvent[], model: RerankModel): SyncRanker {
  const bm25 = usageOptions(fitting, events);
  const inner = fitting.bm25.createRerankRanker({
    model,
    ...(bm25 === undefined ? {} : { bm25 }),
    ...(fitting.candidates === undefined ? {} : { candidates: fitting.candidates }),
    ...(fitting.vectors === undefined ? {} : { vectors: fitting.vectors }),
  });
  const ranker = withQuerySyntax(inner, { maxQueryLength: 1_000_000 });
  ranker.index(fitting.tools);
  return ranker;
}
