import { rerankFeatureList } from '../rerank/index.js';
import type { RerankModel } from '../rerank/index.js';
import { seededRandom } from '@loadout/eval';
import type { TrainingQuery } from './training-query.js';

/** Options of {@link trainRerankModel}. */
export interface TrainRerankOptions {
  /** `linear` or `mlp` (one tanh hidden layer plus the linear part). Default `mlp`. */
  readonly kind?: 'linear' | 'mlp';
  /** Hidden units of `mlp`. Default 16; range 1–256. */
  readonly units?: number;
  /** Passes over the queries. Default 40. */
  readonly epochs?: number;
  /** L2 penalty per weight, per query. Default 0.01. */
  readonly l2?: number;
  /** Adam step size. Default 0.01. */
  readonly learningRate?: number;
  /** Queries per step. Default 16. */
  readonly batch?: number;
  /** Seed of the initial weights and the query order. Default 9. */
  readonly seed?: number;
  /** The queries' features: `lexical` (`RERANK_FEATURES`) or `vectors` (`RERANK_VECTOR_FEATURES`, word-vector features appended). Default `lexical`. */
  readonly features?: 'lexical' | 'vectors';
  /** The queries' rows go on with `NEIGHBOUR_FEATURES` (before any `SIBLING_FEATURES`; see `rerankFeatureList`). Ignored with `init` (its features). Default false. */
  readonly neighbours?: boolean;
  /** The queries' rows end with `SIBLING_FEATURES` (`RERANK_SIBLING_FEATURES`, or `RERANK_VECTOR_SIBLING_FEATURES` with `vectors`). Ignored with `init` (its features). Default false. */
  readonly siblings?: boolean;
  /** `RerankModel.firstStageWeight`: weight of the raw first-stage score, fixed; the model learns corrections to it. Default: `init`'s, else 0; ≥ 0. */
  readonly firstStageWeight?: number;
  /** `RerankModel.margin`, written into the model (training does not depend on it). Default: `init`'s, else none. */
  readonly margin?: number;
  /**
   * Warm start: a model to start from (same `features`; its `kind` and
   * hidden units replace `kind` / `units`), with `l2` pulling every weight
   * toward the init's instead of toward 0 (L2-SP), so a small training set
   * fine-tunes it rather than replacing it. Features the init standardised
   * (scale > 0) keep its mean and scale; the others (e.g. usage features a
   * base model never saw) are standardised over `queries`, their weights
   * starting at 0. Default: none (random start, L2 toward 0).
   */
  readonly init?: RerankModel;
  /**
   * The per-query loss. `softmax`: a softmax over the candidates against
   * equal gold shares. `lambda`: LambdaRank, a logistic loss on every
   * (gold, other) pair of candidates weighted by the |ΔNDCG| of swapping
   * the two at their current ranks (discount 1 / log2(rank + 2), 0 from
   * rank `lambdaDepth` on, divided by the ideal DCG), so the pairs that
   * decide the top of the list count most. `softmax+lambda`: the sum of
   * both gradients. Default `softmax` (the shipped models); the warm
   * start of a log's re-ranker uses `softmax+lambda` (see `fit-reranker`).
   */
  readonly loss?: 'softmax' | 'lambda' | 'softmax+lambda';
  /** Ranks whose NDCG discount counts in `lambda`'s pair weights (deeper ones count 0). Default 10; range 1–1,000. */
  readonly lambdaDepth?: number;
}

/** Digits kept in the model file: exact to about 1e-9 relative, and the same on every run. */
const DIGITS = 10;
const round = (value: number): number => Number(value.toPrecision(DIGITS));

/**
 * Trains a re-ranking model, listwise: per query, a softmax over its
 * candidates' scores against the gold candidates (equal shares; or
 * LambdaRank, or both: `loss`), each
 * query counting by its `weight` (default 1), with Adam
 * and L2, features standardised over all candidates. Deterministic: the same
 * queries, options and seed give the same model, number for number.
 */
export function trainRerankModel(queries: readonly TrainingQuery[], options: TrainRerankOptions = {}): RerankModel {
  const init = options.init;
  const kind = init?.kind ?? options.kind ?? 'mlp';
  const units = init !== undefined ? (init.output?.length ?? 0) : kind === 'mlp' ? Math.max(1, Math.min(256, Math.round(options.units ?? 16))) : 0;
  const epochs = options.epochs ?? 40;
  const l2 = options.l2 ?? 0.01;
  const rate = options.learningRate ?? 0.01;
  const batch = Math.max(1, options.batch ?? 16);
  const random = seededRandom(options.seed ?? 9);
  const vectors = options.features === 'vectors';
  const names = init?.features ?? rerankFeatureList({ vectors, neighbours: options.neighbours === true, siblings: options.siblings === true });
  const F = names.length;
  if (init !== undefined && (init.mean.length !== F || init.linear.length !== F || (init.hidden?.length ?? 0) !== units * F)) {
    throw new RangeError(`trainRerankModel: init has ${init.mean.length} features and ${units} units, inconsistent weights`);
  }
  /** Whether feature f keeps the init's standardisation. */
  const fromInit = (f: number): boolean => init !== undefined && init.scale[f]! > 0;
  const prior = Math.max(0, options.firstStageWeight ?? init?.firstStageWeight ?? 0);
  const margin = options.margin ?? init?.margin;
  const loss = options.loss ?? 'softmax';
  const depth = Math.max(1, Math.min(1000, Math.round(options.lambdaDepth ?? 10)));
  const discount = (rank: number): number => (rank < depth ? 1 / Math.log2(rank + 2) : 0);

  // Standardisation over every candidate row.
  const mean = new Float64Array(F);
  const scale = new Float64Array(F);
  let rows = 0;
  for (const query of queries) {
    for (let row = 0; row < query.count; row++) for (let f = 0; f < F; f++) mean[f]! += query.features[row * F + f]!;
    rows += query.count;
  }
  for (let f = 0; f < F; f++) mean[f] = fromInit(f) ? init!.mean[f]! : round(rows === 0 ? 0 : mean[f]! / rows);
  for (const query of queries) {
    for (let row = 0; row < query.count; row++) {
      for (let f = 0; f < F; f++) {
        const d = query.features[row * F + f]! - mean[f]!;
        scale[f]! += d * d;
      }
    }
  }
  for (let f = 0; f < F; f++) {
    const deviation = rows === 0 ? 0 : Math.sqrt(scale[f]! / rows);
    scale[f] = fromInit(f) ? init!.scale[f]! : deviation > 1e-9 ? round(1 / deviation) : 0;
  }
  const standardised = queries.map((query) => {
    const z = new Float64Array(query.count * F);
    for (let row = 0; row < query.count; row++) for (let f = 0; f < F; f++) z[row * F + f] = (query.features[row * F + f]! - mean[f]!) * scale[f]!;
    return z;
  });

  // Parameters: linear (F), hidden (units × F), hidden bias (units), output (units).
  const size = F + units * F + units + units;
  const theta = new Float64Array(size);
  const H0 = F;
  const B0 = F + units * F;
  const O0 = B0 + units;
  for (let index = H0; index < B0; index++) theta[index] = (random() * 2 - 1) * Math.sqrt(1 / F);
  for (let index = O0; index < size; index++) theta[index] = (random() * 2 - 1) * Math.sqrt(1 / Math.max(units, 1));
  // L2 pulls toward `anchor`: 0, or the init's weights (features it did not standardise start and stay anchored at 0).
  const anchor = new Float64Array(size);
  if (init !== undefined) {
    for (let f = 0; f < F; f++) anchor[f] = fromInit(f) ? init.linear[f]! : 0;
    for (let unit = 0; unit < units; unit++) {
      for (let f = 0; f < F; f++) anchor[H0 + unit * F + f] = fromInit(f) ? init.hidden![unit * F + f]! : 0;
      anchor[B0 + unit] = init.hiddenBias![unit]!;
      anchor[O0 + unit] = init.output![unit]!;
    }
    theta.set(anchor);
  }
  const gradient = new Float64Array(size);
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  let step = 0;
  const order = queries.map((_, index) => index);
  let maxCount = 0;
  for (const query of queries) maxCount = Math.max(maxCount, query.count);
  const scores = new Float64Array(maxCount);
  const activations = new Float64Array(maxCount * units);
  const delta = new Float64Array(maxCount);
  const byScore = Array.from({ length: maxCount }, (_, row) => row);
  const rankOf = new Int32Array(maxCount);

  /** Adds LambdaRank's gradient on the scores of one query (`scores[0, count)`) to `delta`. */
  const lambdaGradient = (labels: TrainingQuery['labels'], count: number, gold: number, share: number): void => {
    const order = byScore.slice(0, count).sort((a, b) => scores[b]! - scores[a]! || a - b);
    for (let rank = 0; rank < count; rank++) rankOf[order[rank]!] = rank;
    let ideal = 0;
    for (let rank = 0; rank < Math.min(gold, count); rank++) ideal += discount(rank);
    if (!(ideal > 0)) return;
    for (let i = 0; i < count; i++) {
      if (!(labels[i]! > 0)) continue;
      for (let j = 0; j < count; j++) {
        if (labels[j]! > 0) continue;
        const swap = Math.abs(discount(rankOf[i]!) - discount(rankOf[j]!)) / ideal;
        if (swap === 0) continue;
        const push = (share * swap) / (1 + Math.exp(scores[i]! - scores[j]!));
        delta[i]! -= push;
        delta[j]! += push;
      }
    }
  };
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    for (let start = 0; start < order.length; start += batch) {
      gradient.fill(0);
      const end = Math.min(order.length, start + batch);
      for (let at = start; at < end; at++) {
        const query = queries[order[at]!]!;
        const share = query.weight ?? 1;
        if (!(share > 0)) continue;
        const z = standardised[order[at]!]!;
        const count = query.count;
        let max = -Infinity;
        for (let row = 0; row < count; row++) {
          // Feature 0 is the raw first-stage score ratio.
          let score = prior * query.features[row * F]!;
          for (let f = 0; f < F; f++) score += theta[f]! * z[row * F + f]!;
          for (let unit = 0; unit < units; unit++) {
            let a = theta[B0 + unit]!;
            const w = H0 + unit * F;
            for (let f = 0; f < F; f++) a += theta[w + f]! * z[row * F + f]!;
            const h = Math.tanh(a);
            activations[row * units + unit] = h;
            score += theta[O0 + unit]! * h;
          }
          scores[row] = score;
          if (score > max) max = score;
        }
        let sum = 0;
        let gold = 0;
        for (let row = 0; row < count; row++) {
          sum += Math.exp(scores[row]! - max);
          gold += query.labels[row]!;
        }
        if (loss === 'lambda') delta.fill(0, 0, count);
        else for (let row = 0; row < count; row++) delta[row] = share * (Math.exp(scores[row]! - max) / sum - query.labels[row]! / gold);
        if (loss !== 'softmax') lambdaGradient(query.labels, count, gold, share);
        for (let row = 0; row < count; row++) {
          const d = delta[row]!;
          if (d === 0) continue;
          for (let f = 0; f < F; f++) gradient[f]! += d * z[row * F + f]!;
          for (let unit = 0; unit < units; unit++) {
            const h = activations[row * units + unit]!;
            gradient[O0 + unit]! += d * h;
            const back = d * theta[O0 + unit]! * (1 - h * h);
            gradient[B0 + unit]! += back;
            const w = H0 + unit * F;
            for (let f = 0; f < F; f++) gradient[w + f]! += back * z[row * F + f]!;
          }
        }
      }
      const queriesInBatch = end - start;
      step++;
      const correction1 = 1 - 0.9 ** step;
      const correction2 = 1 - 0.999 ** step;
      for (let index = 0; index < size; index++) {
        const g = gradient[index]! / queriesInBatch + (index >= B0 && index < O0 ? 0 : l2 * (theta[index]! - anchor[index]!));
        m[index] = 0.9 * m[index]! + 0.1 * g;
        v[index] = 0.999 * v[index]! + 0.001 * g * g;
        theta[index]! -= (rate * (m[index]! / correction1)) / (Math.sqrt(v[index]! / correction2) + 1e-8);
      }
    }
  }
  const list = (from: number, to: number): number[] => Array.from(theta.subarray(from, to), round);
  return {
    format: 'loadout-rerank-v1',
    kind,
    features: [...names],
    mean: Array.from(mean),
    scale: Array.from(scale),
    linear: list(0, F),
    ...(units === 0 ? {} : { hidden: list(H0, B0), hiddenBias: list(B0, O0), output: list(O0, size) }),
    ...(prior === 0 ? {} : { firstStageWeight: prior }),
    ...(margin === undefined ? {} : { margin }),
  };
}
