import { createLoadoutError, describeValue, withQuerySyntax } from '@loadout/core';
import type { CatalogTool, MaybePromise, Ranker, RankerLearnedPart, RankerUsageField } from '@loadout/core';
import type { Bm25RankerOptions, UsageEvent, UsageFieldOptions } from '@loadout/bm25';
import type { RerankModel, RerankVectors } from '../rerank/index.js';
import type { QualityScores } from '@loadout/eval';
import { measureEvents, pooledScores } from './measure-events.js';
import { blendTwins, eventTrainingQueries, fitRerankOnEvents, trainOnEvents, withUsageField } from './fit-reranker.js';
import type { RerankFitting } from './fit-reranker.js';
import { widenModel } from './widen-model.js';
import { withoutSiblingFeatures } from './without-sibling-features.js';

/** Options of {@link learnFromFeedback}. */
export interface LearnFromFeedbackOptions {
  /** The catalog searched. */
  readonly tools: readonly CatalogTool[];
  /** The deployment's usage events, oldest first (a log's order, or by `at`). */
  readonly events: readonly UsageEvent[];
  /** Share of the events in each held-out window. Default 0.2; range 0.05–0.5. */
  readonly heldOutShare?: number;
  /**
   * Usage-field weights tried on the held-out events, the first being the
   * default: another replaces it only when it scores at least `margin` more
   * Recall@5 there (held-out sets are small, so this keeps noise from
   * picking). Default [1, 0.5, 2].
   */
  readonly usageWeights?: readonly number[];
  /**
   * Held-out windows (backtesting): window j holds out the j-th newest
   * `heldOutShare` of the events and learns from all older ones; the
   * comparison pools every window. Default 3; range 1–10.
   */
  readonly windows?: number;
  /** Options of the model-free BM25F both sides use. Default: its defaults. */
  readonly bm25?: Bm25RankerOptions;
  /** How events become the usage field. Default: `createUsageField` defaults. */
  readonly usageField?: UsageFieldOptions;
  /**
   * Weight of the usage prior (each tool's decayed call count, see
   * `Bm25RankerOptions.usagePrior`) in the learned ranker; 0 uses the usage
   * field alone. Default 0.2: out of fold on the dev sets it gave +0.7 /
   * +1.8 / −0.1 / 0 Recall@5 (mix10k / livemcpbench / toolbench_stb /
   * sealtools) over the usage field alone. Range 0–10.
   */
  readonly usagePriorWeight?: number;
  /**
   * Also try the learned re-ranker (a model fitted on the events, over the
   * usage field's first stage; see `fitRerankOnEvents`); it is chosen only
   * when it beats the usage field alone on the held-out windows by Recall@5
   * + MRR@10 (either alone is noisy on a few hundred events: by Recall@5
   * first, toolbench_stb's usage field won one fold's windows by 0.3 while
   * losing MRR@10 by 2.1, which cost 1.2 out of fold under a second
   * cross-fitting partition). Default true.
   */
  readonly rerank?: boolean;
  /**
   * Builds the ranker learning judges and returns, from a ranker definition
   * (`capabilities.usage.withUsage` on the chosen ranker's options; see
   * `@loadout/core/plugins`' `usageRankerFactory`): `undefined` is the
   * default without usage; otherwise the usage field, with the prior and a
   * fitted model when learning tries them. Default: `@loadout/bm25`'s BM25F
   * with `bm25` (a re-ranker over it when `usage.model` is set).
   */
  readonly ranker?: (usage: RankerUsageField | undefined) => MaybePromise<Ranker>;
  /**
   * What the ranker can learn besides the usage field (its definition's
   * `capabilities.usage.learns`): without `prior` the prior's weight is 0,
   * without `model` no re-ranker is tried. Default: both.
   */
  readonly learns?: readonly RankerLearnedPart[];
  /**
   * The model the log's re-ranker may start from (a warm start: fine-tuned
   * on the events, 20 epochs with L2 0.01 toward its weights and the
   * softmax + LambdaRank loss; usage features it never saw start at 0),
   * used as `warmStart` says (default: averaged with the fit from
   * scratch). Default: the shipped
   * lexical model (`LEXICAL_RERANK_MODEL` of `@loadout/bm25`); `null` fits
   * from scratch only. A lexical model (`RERANK_FEATURES`), or with
   * `vectors` also one over `RERANK_VECTOR_FEATURES`, else
   * `invalid-option`. A benchmark passes a model that never saw its
   * queries.
   */
  readonly baseModel?: RerankModel | null;
  /**
   * First-stage candidates the log's re-ranker is trained over and
   * re-ranks (recorded in its model). Default 50, or 100 for a catalog of
   * {@link LARGE_CATALOG} tools or more: on mix10k (10,193 tools) out of
   * fold, R@5 78.5 → 79.2 (200: 77.8). Range 1–1,000.
   */
  readonly candidates?: number;
  /**
   * Word vectors for the log's re-ranker (`createRerankVectors` of
   * `@loadout/embeddings`):
   * it is fitted with `VECTOR_FEATURES` (GloVe-SIF cosines of the query and
   * its clauses to each candidate) as well, from scratch and warm-started
   * from `baseModel` (a lexical one is widened: the vector features start
   * at weight 0 and are standardised over the log; a model with them, such
   * as `GLOVE_RERANK_MODEL`, is used as is). The ranker `ranker` builds for
   * such a model must read the same vectors (the built-in definitions load
   * the default table). Default: none (lexical features only).
   */
  readonly vectors?: RerankVectors;
  /**
   * How the warm-started fit is used: `blend` (one model averaging its
   * and the fit from scratch's scores, `blendRerankModels`), `choose` (the
   * held-out windows judge it beside the fit from scratch and keep the
   * better), `always` (the warm fit alone). Either way the held-out
   * windows then judge the re-ranker against the usage field alone.
   * Default `blend`: out of fold, R@5 mix10k / livemcpbench /
   * toolbench_stb / sealtools 79.6 / 55.0 / 81.4 / 96.5 against
   * `choose`'s 78.8 / 55.0 / 81.0 / 96.1 (with the softmax warm fit).
   */
  readonly warmStart?: 'choose' | 'always' | 'blend';
  /**
   * How the log's re-ranker uses `SIBLING_FEATURES` (what tells a candidate
   * from the other candidates of its server: the query words its own name
   * words hold, overall and per clause, and those it holds that they lack;
   * `baseModel` widened, so they start at weight 0): `blend` (each fit
   * that `warmStart` asks for is made twice, with and without them on one
   * cross-fitted extraction, and the model is the mean of both,
   * `blendRerankModels`), `choose` (the held-out windows judge the fits
   * with them beside the ones without and keep the best; a tie keeps the
   * one without), `false` (never). The shipped models and the default
   * never read them. Under `choose` the blend is judged too, after the
   * other two (its halves reused). Default `blend`: out of fold, R@5
   * mix10k / livemcpbench / toolbench_stb / sealtools 79.8 / 55.0 / 82.2 /
   * 96.5 against `choose`'s 79.9 / 55.0 / 82.3 / 96.5 (80.2 / 55.0 / 81.7
   * / 96.3 when it chose between the two fits alone by Recall@5) and
   * `false`'s 79.6 / 55.0 / 81.4 / 96.5: a model with no choice to get
   * wrong, within noise of the best.
   */
  readonly siblings?: 'blend' | 'choose' | false;
  /**
   * Whether the log's re-ranker reads `NEIGHBOUR_FEATURES`: of the query's
   * nearest past searches (the usage field's lines), the share that called
   * a tool named like the candidate (`snake_case`, `srv::Tool`, dotted, …),
   * which reaches tools no search called. `baseModel` is widened, so they
   * start at weight 0; every fit `siblings` asks for reads them. Default
   * true: out of fold, mix10k R@5 / NDCG@5 / MRR@10 80.4 / 76.0 / 80.5
   * against 79.8 / 75.7 / 80.3 without them (80.6 against 80.3 R@5 under
   * a second cross-fitting partition); catalogs of one naming convention
   * (toolbench_stb, sealtools) move within their noise.
   */
  readonly neighbours?: boolean;
}

/** What {@link learnFromFeedback} measured and decided. */
export interface LearningReport {
  /** Events never held out, and events held out (over all windows) to judge. */
  readonly trainEvents: number;
  readonly heldOutEvents: number;
  /** The model-free default on the held-out events. */
  readonly baseline: QualityScores;
  /** The best usage weight's scores on the held-out events, that weight, and the usage prior's weight it ran with. */
  readonly learned: QualityScores & { readonly usageWeight: number; readonly usagePriorWeight: number };
  /** The usage field plus the re-ranker fitted on the same events, on the held-out events (absent when not tried). */
  readonly reranked?: QualityScores;
  /** True when the learned ranker is the re-ranker (it beat the usage field alone on Recall@5 + MRR@10), false when it is the usage field alone. */
  readonly rerank: boolean;
  /** True when the re-ranker judged (`reranked`) is the fit warm-started from `baseModel` (it beat the fit from scratch), false when it is the fit from scratch. */
  readonly warmStart: boolean;
  /** True when the re-ranker judged (`reranked`) reads `SIBLING_FEATURES` (blended with the fit without them, or it beat the fits without them). */
  readonly siblings: boolean;
  /** True when the re-ranker judged (`reranked`) is the mean of a fit with `SIBLING_FEATURES` and its twin without them (`siblings: 'blend'`, or it won under `'choose'`). */
  readonly siblingBlend: boolean;
  /** True when the re-ranker judged (`reranked`) reads `NEIGHBOUR_FEATURES` (`neighbours`, default true). */
  readonly neighbours: boolean;
  /** Each re-ranker fit tried on the held-out windows (from scratch, then from `baseModel`; without, then with sibling features, or blended with and without them), best of them in `reranked`. */
  readonly rerankFits?: readonly { readonly warmStart: boolean; readonly siblings: boolean; readonly siblingBlend: boolean; readonly scores: QualityScores }[];
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

const QUERY_LIMIT = 1_000_000;

/** Catalogs of at least this many tools train and re-rank 100 first-stage candidates by default (see `LearnFromFeedbackOptions.candidates`). */
export const LARGE_CATALOG = 5000;

/**
 * Learns from a deployment's own usage as a deployment does: fits the usage
 * field on older events and compares it with the model-free default on the
 * newest ones (`windows` consecutive held-out windows of `heldOutShare`,
 * each judged by a field fitted only on the events before it), and switches
 * to it only when it wins on Recall@5 (trying each of `usageWeights`); the
 * re-ranker fits and the choice between the re-ranker and the usage field
 * alone are judged on the same windows by Recall@5 + MRR@10. When it wins,
 * the returned ranker is refitted on every event. Both rankers are wrapped with core's
 * `withQuerySyntax`, so exact names stay first.
 */
export async function learnFromFeedback(options: LearnFromFeedbackOptions): Promise<LearningOutcome> {
  // Imported on first use, so the metrics and the loader never load a ranker.
  const bm25 = { ...(await import('@loadout/bm25')), ...(await import('../rerank/index.js')) };
  const { tools, events } = options;
  const share = Math.min(0.5, Math.max(0.05, options.heldOutShare ?? 0.2));
  const weights = options.usageWeights ?? [1, 0.5, 2];
  const margin = 0.01;
  const windowCount = Math.max(1, Math.round(options.windows ?? 3));
  const learns = options.learns ?? ['prior', 'model'];
  const priorWeight = learns.includes('prior') ? Math.min(10, Math.max(0, options.usagePriorWeight ?? 0.2)) : 0;
  const create =
    options.ranker ??
    ((usage: RankerUsageField | undefined): Ranker => {
      if (usage === undefined) return bm25.createBm25Ranker(options.bm25);
      const first = withUsageField(options.bm25, usage);
      return usage.model === undefined
        ? bm25.createBm25Ranker(first)
        : bm25.createRerankRanker({ model: usage.model as RerankModel, bm25: first, ...(options.vectors === undefined ? {} : { vectors: options.vectors }) });
    });
  /** The ranker of `usage` events (none: the default) at `weight`, with `model` re-ranking it; exact names first, indexed. */
  const build = async (usage: readonly UsageEvent[] | undefined, weight: number, model?: RerankModel): Promise<Ranker> => {
    const field = usage === undefined ? undefined : bm25.createUsageField(usage, options.usageField);
    // The re-ranker was fitted over a first stage without the prior (see fitRerankOnEvents), so it searches over one.
    const prior = priorWeight > 0 && model === undefined && field !== undefined ? { prior: { calls: field.calls, weight: priorWeight } } : {};
    const inner = await create(field === undefined ? undefined : { text: field.text, weight, ...prior, ...(model === undefined ? {} : { model }) });
    const ranker = withQuerySyntax(inner, { maxQueryLength: QUERY_LIMIT });
    await ranker.index(tools);
    return ranker;
  };
  const baselineRanker = await build(undefined, 0);
  const size = Math.floor(events.length * share);
  // Backtesting: window j holds out the j-th newest `size` events and learns from everything older.
  const windows: { train: readonly UsageEvent[]; test: readonly UsageEvent[] }[] = [];
  for (let window = 0; window < windowCount && size > 0; window++) {
    const end = events.length - window * size;
    const start = end - size;
    if (start < 1) break;
    windows.push({ train: events.slice(0, start), test: events.slice(start, end) });
  }
  const heldOut = windows.flatMap((window) => window.test);
  const baseline = await measureEvents(baselineRanker, heldOut);
  const trainCount = windows.length === 0 ? events.length : events.length - heldOut.length;
  if (windows.length === 0) {
    return {
      report: {
        trainEvents: trainCount,
        heldOutEvents: 0,
        baseline,
        learned: { ...baseline, usageWeight: 0, usagePriorWeight: priorWeight },
        rerank: false,
        warmStart: false,
        siblings: false,
        siblingBlend: false,
        neighbours: false,
        enabled: false,
        reason: 'too-few-events',
      },
      ranker: baselineRanker,
    };
  }
  let learned: QualityScores & { usageWeight: number; usagePriorWeight: number } = { ...baseline, usageWeight: 0, usagePriorWeight: priorWeight };
  let best = -1;
  for (const weight of weights) {
    const parts: { scores: QualityScores; count: number }[] = [];
    for (const window of windows) parts.push({ scores: await measureEvents(await build(window.train, weight), window.test), count: window.test.length });
    const scores = pooledScores(parts);
    if (best < 0 || scores['recall@5'] >= best + margin) {
      best = scores['recall@5'];
      learned = { ...scores, usageWeight: weight, usagePriorWeight: priorWeight };
    }
  }
  const beats = (a: QualityScores, b: QualityScores): boolean => a['recall@5'] > b['recall@5'] || (a['recall@5'] === b['recall@5'] && a['mrr@10'] > b['mrr@10']);
  // Among the learned rankers, the judge is Recall@5 + MRR@10: on a few hundred held-out events either alone is noisy.
  const judged = (scores: QualityScores): number => scores['recall@5'] + scores['mrr@10'];
  const outscores = (a: QualityScores, b: QualityScores): boolean => judged(a) > judged(b);
  // The re-ranker over the chosen usage weight, judged on the same windows, each fitted on its older events only:
  // from scratch and, with a base model, warm-started from it (both on the same cross-fitted features).
  const candidates = Math.min(1000, Math.max(1, Math.round(options.candidates ?? (tools.length >= LARGE_CATALOG ? 100 : 50))));
  const { vectors } = options;
  const siblingMode = options.siblings ?? 'blend';
  if (siblingMode !== 'blend' && siblingMode !== 'choose' && siblingMode !== false) {
    throw createLoadoutError('invalid-option', `learnFromFeedback: siblings must be 'blend', 'choose' or false (got ${describeValue(siblingMode)})`, { option: 'siblings' });
  }
  const trySiblings = siblingMode !== false;
  const neighbours = options.neighbours ?? true;
  if (typeof neighbours !== 'boolean') {
    throw createLoadoutError('invalid-option', `learnFromFeedback: neighbours must be true or false (got ${describeValue(neighbours)})`, { option: 'neighbours' });
  }
  const cold: RerankFitting = {
    bm25,
    tools,
    bm25Options: options.bm25,
    usageField: options.usageField,
    usageWeight: learned.usageWeight,
    candidates,
    ...(vectors === undefined ? {} : { vectors }),
    ...(neighbours ? { neighbours } : {}),
  };
  const given = options.baseModel === undefined ? bm25.LEXICAL_RERANK_MODEL : options.baseModel;
  const same = (model: RerankModel, features: readonly string[]): boolean => JSON.stringify(model.features) === JSON.stringify(features);
  if (given !== null && !same(given, bm25.RERANK_FEATURES) && (vectors === undefined || !same(given, bm25.RERANK_VECTOR_FEATURES))) {
    const kind = vectors === undefined ? 'a lexical re-ranking model (RERANK_FEATURES)' : 'a re-ranking model over RERANK_FEATURES or RERANK_VECTOR_FEATURES';
    throw createLoadoutError('invalid-option', `learnFromFeedback: baseModel must be ${kind}, got ${given.features.length} features`, { option: 'baseModel' });
  }
  const mode = options.warmStart ?? 'blend';
  /** The fits over `features` (a base without some of them starts those at weight 0): from scratch, warm-started, or both, as `warmStart` says. */
  const fitsOver = (features: readonly string[], siblings: boolean): RerankFitting[] => {
    const over: RerankFitting = siblings ? { ...cold, siblings } : cold;
    const base = given === null || same(given, features) ? given : widenModel(given, features);
    const warm: RerankFitting = { ...over, ...(base === null ? {} : { baseModel: base }), ...(mode === 'blend' ? { blend: true } : {}) };
    return base === null ? [over] : mode === 'choose' ? [over, warm] : [warm];
  };
  const lexical = bm25.rerankFeatureList({ vectors: vectors !== undefined, neighbours });
  const withSiblings = bm25.rerankFeatureList({ vectors: vectors !== undefined, neighbours, siblings: true });
  const narrowFits = fitsOver(lexical, false);
  const siblingFits = trySiblings ? fitsOver(withSiblings, true) : [];
  const twins = siblingFits.map((fit, index): RerankFitting => ({ ...fit, narrowTwin: narrowFits[index]! }));
  // `blend`: each fit with sibling features averaged with its twin without; `choose`: without them first, so a tie keeps the narrower model.
  const fittings: RerankFitting[] = siblingMode === 'blend' ? twins : [...narrowFits, ...siblingFits, ...twins];
  let reranked: QualityScores | undefined;
  let fitting = cold;
  const fits: { warmStart: boolean; siblings: boolean; siblingBlend: boolean; scores: QualityScores }[] = [];
  if (options.rerank !== false && learns.includes('model')) {
    const parts = fittings.map(() => [] as { scores: QualityScores; count: number }[]);
    for (const window of windows) {
      // One cross-fitted extraction per window; the fits without sibling features read its rows without them.
      const wide = eventTrainingQueries(trySiblings ? { ...cold, siblings: true } : cold, window.train);
      const narrow = trySiblings ? withoutSiblingFeatures(wide, lexical.length, withSiblings.length) : wide;
      // Each fit is trained once; a twin's model is the blend of its two halves (what `trainOnEvents` of the twin gives).
      const narrowModels = narrowFits.map((fit) => trainOnEvents(fit, narrow));
      const siblingModels = siblingFits.map((fit) => trainOnEvents(fit, wide));
      const twinModels = siblingModels.map((model, index) => blendTwins(narrowModels[index], model, withSiblings));
      const models = siblingMode === 'blend' ? twinModels : [...narrowModels, ...siblingModels, ...twinModels];
      for (const [index, model] of models.entries()) {
        parts[index]!.push({ scores: await measureEvents(await build(window.train, learned.usageWeight, model), window.test), count: window.test.length });
      }
    }
    for (const [index, candidate] of fittings.entries()) {
      const scores = pooledScores(parts[index]!);
      fits.push({ warmStart: candidate.baseModel !== undefined, siblings: candidate.siblings === true, siblingBlend: candidate.narrowTwin !== undefined, scores });
      if (reranked === undefined || outscores(scores, reranked)) {
        reranked = scores;
        fitting = candidate;
      }
    }
  }
  // The re-ranker replaces the usage field only when it also switches learning on wherever the usage field alone would.
  const rerank = reranked !== undefined && outscores(reranked, learned) && (beats(reranked, baseline) || !beats(learned, baseline));
  const chosen = rerank ? reranked! : learned;
  const enabled = beats(chosen, baseline);
  const report: LearningReport = {
    trainEvents: trainCount,
    heldOutEvents: heldOut.length,
    baseline,
    learned,
    ...(reranked === undefined ? {} : { reranked }),
    rerank: enabled && rerank,
    warmStart: fitting.baseModel !== undefined,
    siblings: fitting.siblings === true,
    siblingBlend: fitting.narrowTwin !== undefined,
    neighbours: fits.length > 0 && neighbours,
    ...(fits.length === 0 ? {} : { rerankFits: fits }),
    enabled,
    reason: enabled ? 'wins' : 'no-gain',
  };
  if (!enabled) return { report, ranker: baselineRanker };
  const model = rerank ? fitRerankOnEvents(fitting, events) : undefined;
  if (model === undefined) return { report: { ...report, rerank: false }, ranker: await build(events, learned.usageWeight) };
  return { report, ranker: await build(events, learned.usageWeight, model), model };
}
