import { withQuerySyntax } from '@loadout/core';
import type { CatalogTool, MaybePromise, Ranker, RankerLearnedPart, RankerUsageField } from '@loadout/core';
import { createBm25Ranker, createUsageField } from '@loadout/bm25';
import type { UsageEvent } from '@loadout/bm25';
import { pooledScores, seededRandom, shuffle } from '@loadout/eval';
import type { QualityScores } from '@loadout/eval';
import { createRerankRanker } from '../rerank/create-rerank-ranker.js';
import { LEXICAL_RERANK_MODEL } from '../rerank/lexical-rerank-model.js';
import type { RerankModel } from '../rerank/rerank-model.js';
import { USAGE_WEIGHT, fitRerankOnEvents, usageOptions } from './fit-reranker.js';
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
  /** The deployment's usage events, oldest first; judged on the newest when every one has a distinct enough time (`at`), else on seeded random folds. */
  readonly events: readonly UsageEvent[];
  /**
   * Builds the ranker judged and returned, from the usage field (undefined:
   * the default), as core's `usageRankerFactory` does from a definition.
   * Default: `@loadout/bm25`'s BM25F, re-ranked when `usage.model` is set.
   */
  readonly ranker?: (usage: RankerUsageField | undefined) => MaybePromise<Ranker>;
  /** What the ranker can learn besides the usage field (its definition's `capabilities.usage.learns`): without `model` no re-ranker is tried. Default: `['model']`. */
  readonly learns?: readonly RankerLearnedPart[];
  /** The model the log's re-ranker is warm-started from. Default: the shipped `LEXICAL_RERANK_MODEL`. */
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
  /** The usage field's scores on the held-out events, and its weight. */
  readonly learned: QualityScores & { readonly usageWeight: number };
  /** The usage field plus the re-ranker fitted on the same events, on the held-out events (absent when not tried). */
  readonly reranked?: QualityScores;
  /** True when the learned ranker is the re-ranker (it beat the usage field alone on Recall@5 + MRR@10). */
  readonly rerank: boolean;
  /** True when the learned ranker beat the default on the held-out events: higher Recall@5, or equal Recall@5 and higher MRR@10. */
  readonly enabled: boolean;
  /** Why: `wins`, `no-gain` or `too-few-events` (under 35 events: a held-out fold, a fifth of them, would hold fewer than `MIN_FOLD_EVENTS`). */
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

/** Held-out folds (the eval sets' logs are below 300 a fold; more judge no better, and cost searches). */
const FOLDS = 3;
/** Fewest events a held-out fold judges on (so at least 35 events): below it one event's rank decides (the eval sets' smallest logs have folds of 7–9). */
export const MIN_FOLD_EVENTS = 7;
const FOLD_SHARE = 0.2;
const MAX_FOLD_EVENTS = 300;
const QUERY_LIMIT = 1_000_000;

/** Whether time orders `events` into held-out folds of `size`: every event has a time, none shared by more than `size` (a file imported at once carries one time, and its line order is not time). */
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

/** Held-out folds of `events`, 3 of a fifth each (at least 7, at most 300): the newest, each judged by what came before it; or, when time does not order them ({@link timeOrders}), seeded random ones, each judged by the rest. */
function heldOutFolds(events: readonly UsageEvent[], seed: number): { folds: LearningReport['folds']; windows: { train: UsageEvent[]; test: UsageEvent[] }[] } {
  const size = Math.min(MAX_FOLD_EVENTS, Math.floor(events.length * FOLD_SHARE));
  const timed = timeOrders(events, size);
  const order = timed ? [...events] : shuffle([...events], seededRandom(seed));
  const windows: { train: UsageEvent[]; test: UsageEvent[] }[] = [];
  for (let fold = 0; fold < FOLDS && size >= MIN_FOLD_EVENTS; fold++) {
    const end = order.length - fold * size;
    const start = end - size;
    if (start < 1) break;
    windows.push({ train: timed ? order.slice(0, start) : [...order.slice(0, start), ...order.slice(end)], test: order.slice(start, end) });
  }
  return { folds: timed ? 'newest' : 'random', windows };
}

function defaultRanker(usage: RankerUsageField | undefined): Ranker {
  if (usage === undefined) return createBm25Ranker();
  return usage.model === undefined ? createBm25Ranker(usageOptions(usage)) : createRerankRanker({ model: usage.model as RerankModel, bm25: usageOptions(usage) });
}

/**
 * Learns from a deployment's own usage: the model-free default, the usage
 * field and the usage field with the re-ranker (`baseModel` warm-started on
 * the fold's training events) are judged on held-out folds as
 * {@link LearningReport} says, and the winner is refitted on every event.
 * Exact names stay first (`withQuerySyntax`).
 */
export async function learnFromFeedback(options: LearnFromFeedbackOptions): Promise<LearningOutcome> {
  const { tools, events, seed = 29 } = options;
  const create = options.ranker ?? defaultRanker;
  /** The ranker of `usage` events (none: the default), with `model` re-ranking it; exact names first, indexed. */
  const build = async (usage: readonly UsageEvent[] | undefined, model?: RerankModel): Promise<Ranker> => {
    const field = usage === undefined ? undefined : { text: createUsageField(usage).text, weight: USAGE_WEIGHT, ...(model === undefined ? {} : { model }) };
    const ranker = withQuerySyntax(await create(field), { maxQueryLength: QUERY_LIMIT });
    await ranker.index(tools);
    return ranker;
  };
  const { folds, windows } = heldOutFolds(events, seed);
  const tryModel = (options.learns ?? ['model']).includes('model');
  const baseModel = options.baseModel ?? LEXICAL_RERANK_MODEL;
  const total = windows.length * (tryModel ? 2 : 1) + 2;
  let done = -1;
  const progress = (phase: LearningProgress['phase'], step = 1): void => options.onProgress?.({ phase, done: (done += step), total });
  progress('judging');
  const baselineRanker = await build(undefined);
  const heldOut = windows.flatMap((window) => window.test);
  const baseline = await measureEvents(baselineRanker, heldOut);
  progress('judging');
  const common = { trainEvents: events.length - heldOut.length, heldOutEvents: heldOut.length, folds, ...(folds === 'random' ? { seed } : {}), baseline };
  if (windows.length === 0) {
    return { report: { ...common, learned: { ...baseline, usageWeight: 0 }, rerank: false, enabled: false, reason: 'too-few-events' }, ranker: baselineRanker };
  }
  const fieldParts: { scores: QualityScores; count: number }[] = [], modelParts: typeof fieldParts = [];
  for (const window of windows) {
    fieldParts.push({ scores: await measureEvents(await build(window.train), window.test), count: window.test.length });
    progress('judging');
    if (!tryModel) continue;
    const model = fitRerankOnEvents(tools, window.train, baseModel);
    modelParts.push({ scores: await measureEvents(await build(window.train, model), window.test), count: window.test.length });
    progress('judging');
  }
  const learned = { ...pooledScores(fieldParts), usageWeight: USAGE_WEIGHT };
  const reranked = tryModel ? pooledScores(modelParts) : undefined;
  const beats = (a: QualityScores, b: QualityScores): boolean => a['recall@5'] > b['recall@5'] || (a['recall@5'] === b['recall@5'] && a['mrr@10'] > b['mrr@10']);
  const judged = (scores: QualityScores): number => scores['recall@5'] + scores['mrr@10'];
  // The re-ranker replaces the usage field only when it also switches learning on wherever the usage field alone would.
  const rerank = reranked !== undefined && judged(reranked) > judged(learned) && (beats(reranked, baseline) || !beats(learned, baseline));
  const enabled = beats(rerank ? reranked! : learned, baseline);
  const report: LearningReport = { ...common, learned, ...(reranked === undefined ? {} : { reranked }), rerank: enabled && rerank, enabled, reason: enabled ? 'wins' : 'no-gain' };
  if (!enabled) return { report, ranker: baselineRanker };
  progress('fitting', 0);
  const model = rerank ? fitRerankOnEvents(tools, events, baseModel) : undefined;
  progress('fitting');
  return { report: { ...report, rerank: model !== undefined }, ranker: await build(events, model), ...(model === undefined ? {} : { model }) };
}
