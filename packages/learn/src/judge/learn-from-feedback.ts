import { withQuerySyntax } from '@loadout/core';
import type { CatalogTool, MaybePromise, Ranker, RankerLearnedPart, RankerUsageField } from '@loadout/core';
import type { UsageEvent } from '@loadout/bm25';
import { pooledScores, seededRandom } from '@loadout/eval';
import type { QualityScores } from '@loadout/eval';
import type { RerankModel } from '../rerank/rerank-model.js';
import { fitRerankOnEvents, withUsageField } from './fit-reranker.js';
import type { RerankFitting } from './fit-reranker.js';
import { measureEvents } from './measure-events.js';

/** How far {@link learnFromFeedback} is: `done` of `total` steps of `phase`. */
export interface LearningProgress {
  /** `judging` (fits on the held-out folds) or `fitting` (the chosen ranker on every event). */
  readonly phase: 'judging' | 'fitting';
  readonly done: number;
  readonly total: number;
}

/** Options of {@link learnFromFeedback}. */
export interface LearnFromFeedbackOptions {
  /** The catalog searched. */
  readonly tools: readonly CatalogTool[];
  /**
   * The deployment's usage events, oldest first. When every event has its
   * time (`at`) and no time is shared by more than a held-out fold's worth
   * of events, the held-out folds are the newest events; otherwise they are
   * seeded random folds (`seed`).
   */
  readonly events: readonly UsageEvent[];
  /**
   * Builds the ranker learning judges and returns, from a ranker definition
   * (`capabilities.usage.withUsage` on the chosen ranker's options; see
   * `@loadout/core/plugins`' `usageRankerFactory`): `undefined` is the
   * default without usage; otherwise the usage field, with the prior or a
   * fitted model when learning tries them. Default: `@loadout/bm25`'s
   * BM25F (a re-ranker over it when `usage.model` is set).
   */
  readonly ranker?: (usage: RankerUsageField | undefined) => MaybePromise<Ranker>;
  /**
   * What the ranker can learn besides the usage field (its definition's
   * `capabilities.usage.learns`): without `prior` the prior's weight is 0,
   * without `model` no re-ranker is tried. Default: both.
   */
  readonly learns?: readonly RankerLearnedPart[];
  /**
   * The model the log's re-ranker starts from (a warm start: fine-tuned on
   * the events, its weights joined by feature name). Default: the shipped
   * `LEXICAL_RERANK_MODEL`. A benchmark passes one that never saw its queries.
   */
  readonly baseModel?: RerankModel;
  /** Seed of the random held-out folds of events without times. Default 29; any integer. */
  readonly seed?: number;
  /** Called as learning goes (a few dozen times at most), for progress on stderr. Default: none. */
  readonly onProgress?: (progress: LearningProgress) => void;
}

/** What {@link learnFromFeedback} measured and decided. */
export interface LearningReport {
  /** Events never held out, and events held out (over all folds) to judge. */
  readonly trainEvents: number;
  readonly heldOutEvents: number;
  /** The held-out folds: the newest events (every event has a time), or seeded random folds (`seed`). */
  readonly folds: 'newest' | 'random';
  /** The seed of `random` folds. */
  readonly seed?: number;
  /** The model-free default on the held-out events. */
  readonly baseline: QualityScores;
  /** The usage field's scores on the held-out events, its weight, and the usage prior's weight it ran with. */
  readonly learned: QualityScores & { readonly usageWeight: number; readonly usagePriorWeight: number };
  /** The usage field plus the re-ranker fitted on the same events, on the held-out events (absent when not tried). */
  readonly reranked?: QualityScores;
  /** True when the learned ranker is the re-ranker (it beat the usage field alone on Recall@5 + MRR@10). */
  readonly rerank: boolean;
  /** True when the learned ranker beat the default on the held-out events: higher Recall@5, or equal Recall@5 and higher MRR@10. */
  readonly enabled: boolean;
  /** Why: `wins`, `no-gain` or `too-few-events`. */
  readonly reason: 'wins' | 'no-gain' | 'too-few-events';
}

/** A report and the ranker to search with: learned (fitted on every event) when enabled, else the default. */
export interface LearningOutcome {
  readonly report: LearningReport;
  /** Indexed on `tools`, with exact names first (`withQuerySyntax`). */
  readonly ranker: Ranker;
  /** The re-ranking model fitted on every event, when the learned ranker uses it (to store beside the decision). */
  readonly model?: RerankModel;
}

/** Catalogs of at least this many tools train and re-rank 100 first-stage candidates, smaller ones 50 (figures: decision 0048). */
const LARGE_CATALOG = 5000;
/** Held-out folds, each a fifth of the events up to 300 (the eval sets' logs are below it; more judge no better, and cost searches); the usage field's weight; the usage prior's (figures: decision 0043). */
const FOLDS = 3;
const FOLD_SHARE = 0.2;
const MAX_FOLD_EVENTS = 300;
const USAGE_WEIGHT = 1;
const PRIOR_WEIGHT = 0.2;
const QUERY_LIMIT = 1_000_000;

/**
 * Whether time orders `events` into held-out folds of `size`: every event
 * has a time and no time is shared by more than `size` of them (a file
 * imported at once carries its import time only, and its line order is not
 * time: a labelled file grouped by family would train on one family and be
 * judged on another).
 */
function timeOrders(events: readonly UsageEvent[], size: number): boolean {
  const shared = new Map<number, number>();
  for (const { at } of events) {
    if (typeof at !== 'number') return false;
    const count = (shared.get(at) ?? 0) + 1;
    if (count > Math.max(1, size)) return false;
    shared.set(at, count);
  }
  return events.length > 0;
}

/** Held-out folds of `events`: the newest ones, each judged by what came before it; or, when time does not order them ({@link timeOrders}), seeded random ones, each judged by the rest. */
function heldOutFolds(events: readonly UsageEvent[], seed: number): { folds: LearningReport['folds']; windows: { train: UsageEvent[]; test: UsageEvent[] }[] } {
  const size = Math.min(MAX_FOLD_EVENTS, Math.floor(events.length * FOLD_SHARE));
  const timed = timeOrders(events, size);
  const order = [...events];
  if (!timed) {
    const random = seededRandom(seed);
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
  }
  const windows: { train: UsageEvent[]; test: UsageEvent[] }[] = [];
  for (let fold = 0; fold < FOLDS && size > 0; fold++) {
    const end = order.length - fold * size;
    const start = end - size;
    if (start < 1) break;
    windows.push({ train: timed ? order.slice(0, start) : [...order.slice(0, start), ...order.slice(end)], test: order.slice(start, end) });
  }
  return { folds: timed ? 'newest' : 'random', windows };
}

/**
 * Learns from a deployment's own usage, one recipe, one judgement: on
 * held-out folds (see {@link heldOutFolds}), the model-free default, the
 * usage field (with the usage prior), and the usage field with the
 * re-ranker (`baseModel` warm-started on the fold's training events) are
 * compared. Learning switches on only when the chosen
 * one beats the default on Recall@5 (MRR@10 breaking ties); the re-ranker
 * is chosen over the usage field alone only when it wins on Recall@5 +
 * MRR@10 (either alone is noisy on a few hundred events). When learning
 * wins, the returned ranker is refitted on every event. Both rankers are
 * wrapped with core's `withQuerySyntax`, so exact names stay first.
 */
export async function learnFromFeedback(options: LearnFromFeedbackOptions): Promise<LearningOutcome> {
  // Imported on first use, so the feedback store never loads a ranker.
  const bm25 = { ...(await import('@loadout/bm25')), ...(await import('../rerank/index.js')) };
  const { tools, events } = options;
  const learns = options.learns ?? ['prior', 'model'];
  const priorWeight = learns.includes('prior') ? PRIOR_WEIGHT : 0;
  const seed = options.seed ?? 29;
  const create =
    options.ranker ??
    ((usage: RankerUsageField | undefined): Ranker => {
      if (usage === undefined) return bm25.createBm25Ranker();
      const first = withUsageField(undefined, usage);
      return usage.model === undefined ? bm25.createBm25Ranker(first) : bm25.createRerankRanker({ model: usage.model as RerankModel, bm25: first });
    });
  /** The ranker of `usage` events (none: the default), with `model` re-ranking it; exact names first, indexed. */
  const build = async (usage: readonly UsageEvent[] | undefined, model?: RerankModel): Promise<Ranker> => {
    const field = usage === undefined ? undefined : bm25.createUsageField(usage);
    // The re-ranker is fitted over a first stage without the prior, so it searches over one.
    const prior = priorWeight > 0 && model === undefined && field !== undefined ? { prior: { calls: field.calls, weight: priorWeight } } : {};
    const inner = await create(field === undefined ? undefined : { text: field.text, weight: USAGE_WEIGHT, ...prior, ...(model === undefined ? {} : { model }) });
    const ranker = withQuerySyntax(inner, { maxQueryLength: QUERY_LIMIT });
    await ranker.index(tools);
    return ranker;
  };
  const { folds, windows } = heldOutFolds(events, seed);
  const tryModel = learns.includes('model');
  const fitting: RerankFitting = {
    bm25,
    tools,
    usageWeight: USAGE_WEIGHT,
    candidates: tools.length >= LARGE_CATALOG ? 100 : 50,
    baseModel: options.baseModel ?? bm25.LEXICAL_RERANK_MODEL,
  };
  const total = windows.length * (tryModel ? 2 : 1) + 1;
  let done = 0;
  const progress = (phase: LearningProgress['phase']): void => options.onProgress?.({ phase, done: ++done, total });
  options.onProgress?.({ phase: 'judging', done, total });
  const baselineRanker = await build(undefined);
  const heldOut = windows.flatMap((window) => window.test);
  const baseline = await measureEvents(baselineRanker, heldOut);
  const common = { trainEvents: events.length - heldOut.length, heldOutEvents: heldOut.length, folds, ...(folds === 'random' ? { seed } : {}), baseline };
  const learned = { ...baseline, usageWeight: USAGE_WEIGHT, usagePriorWeight: priorWeight };
  if (windows.length === 0) {
    return { report: { ...common, trainEvents: events.length, learned: { ...learned, usageWeight: 0 }, rerank: false, enabled: false, reason: 'too-few-events' }, ranker: baselineRanker };
  }
  const fieldParts: { scores: QualityScores; count: number }[] = [];
  const modelParts: { scores: QualityScores; count: number }[] = [];
  for (const window of windows) {
    fieldParts.push({ scores: await measureEvents(await build(window.train), window.test), count: window.test.length });
    progress('judging');
    if (!tryModel) continue;
    const model = fitRerankOnEvents(fitting, window.train);
    modelParts.push({ scores: await measureEvents(await build(window.train, model), window.test), count: window.test.length });
    progress('judging');
  }
  Object.assign(learned, pooledScores(fieldParts));
  const reranked = tryModel ? pooledScores(modelParts) : undefined;
  const beats = (a: QualityScores, b: QualityScores): boolean => a['recall@5'] > b['recall@5'] || (a['recall@5'] === b['recall@5'] && a['mrr@10'] > b['mrr@10']);
  const judged = (scores: QualityScores): number => scores['recall@5'] + scores['mrr@10'];
  // The re-ranker replaces the usage field only when it also switches learning on wherever the usage field alone would.
  const rerank = reranked !== undefined && judged(reranked) > judged(learned) && (beats(reranked, baseline) || !beats(learned, baseline));
  const enabled = beats(rerank ? reranked! : learned, baseline);
  const report: LearningReport = { ...common, learned, ...(reranked === undefined ? {} : { reranked }), rerank: enabled && rerank, enabled, reason: enabled ? 'wins' : 'no-gain' };
  if (!enabled) return { report, ranker: baselineRanker };
  const model = rerank ? fitRerankOnEvents(fitting, events) : undefined;
  progress('fitting');
  if (model === undefined) return { report: { ...report, rerank: false }, ranker: await build(events) };
  return { report, ranker: await build(events, model), model };
}
