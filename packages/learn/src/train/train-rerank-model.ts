import { seededRandom } from '@loadout/eval';
import { featureColumns, RERANK_FEATURES, ROW_WIDTH } from '../rerank/rerank-features.js';
import { compileRerankModel } from '../rerank/rerank-model.js';
import type { RerankModel } from '../rerank/rerank-model.js';
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
  /** Seed of the initial weights and the query order. Default 9. */
  readonly seed?: number;
  /**
   * The registry features the model reads (`FEATURES` names, any subset in
   * any order), taken by name from the queries' rows. Default: `init`'s,
   * else `RERANK_FEATURES` (the lexical ones).
   */
  readonly features?: readonly string[];
  /**
   * Warm start: a model to start from, joined by feature name (its `kind`
   * and hidden units replace `kind` / `units`; a feature it lacks starts at
   * weight 0), with `l2` pulling every weight
   * toward the init's instead of toward 0 (L2-SP), so a small training set
   * fine-tunes it rather than replacing it. Features the init standardised
   * (scale > 0) keep its mean and scale; the others (e.g. usage features a
   * base model never saw) are standardised over `queries`, their weights
   * starting at 0. Default: none (random start, L2 toward 0).
   */
  readonly init?: RerankModel;
  /**
   * The per-query loss. `softmax`: a softmax over the candidates against
   * equal gold shares. `softmax+lambda`: plus LambdaRank's gradient, a
   * logistic loss on every (gold, other) pair of candidates weighted by the
   * |ΔNDCG@10| of swapping the two at their current ranks, so the pairs
   * that decide the top of the list count most. Default `softmax` (the
   * shipped models); a log's re-ranker uses `softmax+lambda`.
   */
  readonly loss?: 'softmax' | 'softmax+lambda';
}

/** Digits kept in the model file: exact to about 1e-9 relative, and the same on every run. */
const DIGITS = 10;
const round = (value: number): number => Number(value.toPrecision(DIGITS));
/** Adam's step size, the queries per step, and the ranks LambdaRank's pair weights count (deeper ones 0). */
const RATE = 0.01;
const BATCH = 16;
const LAMBDA_DEPTH = 10;

/**
 * Trains a re-ranking model, listwise: per query, a softmax over its
 * candidates' scores against the gold candidates (equal shares; plus
 * LambdaRank with `loss`), each
 * query counting by its `weight` (default 1), with Adam
 * and L2, features standardised over all candidates. Deterministic: the same
 * queries, options and seed give the same model, number for number.
 */
export function trainRerankModel(queries: readonly TrainingQuery[], options: TrainRerankOptions = {}): RerankModel {
  const init = options.init === undefined ? undefined : compileRerankModel(options.init);
  const kind = init?.kind ?? options.kind ?? 'mlp';
  const units = init !== undefined ? init.units : kind === 'mlp' ? Math.max(1, Math.min(256, Math.round(options.units ?? 16))) : 0;
  const epochs = options.epochs ?? 40;
  const l2 = options.l2 ?? 0.01;
  const random = seededRandom(options.seed ?? 9);
  const names = options.features ?? init?.features ?? RERANK_FEATURES;
  const columns = featureColumns(names);
  if (typeof columns === 'string') throw new RangeError(`trainRerankModel: the registry has no feature ${JSON.stringify(columns)}, or it is named twice`);
  const F = names.length;
  // A warm start joins by name: feature f is the init's `from[f]` (−1: one it lacks, starting at weight 0).
  const from = names.map((name) => init?.features.indexOf(name) ?? -1);
  /** Whether feature f keeps the init's standardisation and weights. */
  const fromInit = (f: number): boolean => init !== undefined && from[f]! >= 0 && init.scale[from[f]!]! > 0;
  const lambda = options.loss === 'softmax+lambda';
  const discount = (rank: number): number => (rank < LAMBDA_DEPTH ? 1 / Math.log2(rank + 2) : 0);
  // The chosen columns of every candidate row, then their standardisation over all rows.
  const raw = queries.map((query) => {
    const x = new Float64Array(query.count * F);
    for (let row = 0; row < query.count; row++) for (let f = 0; f < F; f++) x[row * F + f] = query.features[row * ROW_WIDTH + columns[f]!]!;
    return x;
  });
  const mean = new Float64Array(F);
  const scale = new Float64Array(F);
  let rows = 0;
  for (const x of raw) {
    for (let at = 0; at < x.length; at++) mean[at % F]! += x[at]!;
    rows += x.length / F;
  }
  for (let f = 0; f < F; f++) mean[f] = fromInit(f) ? init!.mean[from[f]!]! : round(rows === 0 ? 0 : mean[f]! / rows);
  for (const x of raw) {
    for (let at = 0; at < x.length; at++) scale[at % F]! += (x[at]! - mean[at % F]!) ** 2;
  }
  for (let f = 0; f < F; f++) {
    const deviation = rows === 0 ? 0 : Math.sqrt(scale[f]! / rows);
    scale[f] = fromInit(f) ? init!.scale[from[f]!]! : deviation > 1e-9 ? round(1 / deviation) : 0;
  }
  const standardised = raw.map((z) => {
    for (let at = 0; at < z.length; at++) z[at] = (z[at]! - mean[at % F]!) * scale[at % F]!;
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
    const width = init.width;
    for (let f = 0; f < F; f++) anchor[f] = fromInit(f) ? init.linear[from[f]!]! : 0;
    for (let unit = 0; unit < units; unit++) {
      for (let f = 0; f < F; f++) anchor[H0 + unit * F + f] = fromInit(f) ? init.hidden[unit * width + from[f]!]! : 0;
      anchor[B0 + unit] = init.hiddenBias[unit]!;
      anchor[O0 + unit] = init.output[unit]!;
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
    const ranked = byScore.slice(0, count).sort((a, b) => scores[b]! - scores[a]! || a - b);
    for (let rank = 0; rank < count; rank++) rankOf[ranked[rank]!] = rank;
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
    for (let start = 0; start < order.length; start += BATCH) {
      gradient.fill(0);
      const end = Math.min(order.length, start + BATCH);
      for (let at = start; at < end; at++) {
        const query = queries[order[at]!]!;
        const share = query.weight ?? 1;
        if (!(share > 0)) continue;
        const z = standardised[order[at]!]!;
        const count = query.count;
        let max = -Infinity;
        for (let row = 0; row < count; row++) {
          const base = row * F;
          let score = 0;
          for (let f = 0; f < F; f++) score += theta[f]! * z[base + f]!;
          for (let unit = 0; unit < units; unit++) {
            let a = theta[B0 + unit]!;
            const w = H0 + unit * F;
            for (let f = 0; f < F; f++) a += theta[w + f]! * z[base + f]!;
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
        for (let row = 0; row < count; row++) delta[row] = share * (Math.exp(scores[row]! - max) / sum - query.labels[row]! / gold);
        if (lambda) lambdaGradient(query.labels, count, gold, share);
        for (let row = 0; row < count; row++) {
          const d = delta[row]!;
          if (d === 0) continue;
          const base = row * F;
          for (let f = 0; f < F; f++) gradient[f]! += d * z[base + f]!;
          for (let unit = 0; unit < units; unit++) {
            const h = activations[row * units + unit]!;
            gradient[O0 + unit]! += d * h;
            const back = d * theta[O0 + unit]! * (1 - h * h);
            gradient[B0 + unit]! += back;
            const w = H0 + unit * F;
            for (let f = 0; f < F; f++) gradient[w + f]! += back * z[base + f]!;
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
        theta[index]! -= (RATE * (m[index]! / correction1)) / (Math.sqrt(v[index]! / correction2) + 1e-8);
      }
    }
  }
  const list = (start: number, end: number): number[] => Array.from(theta.subarray(start, end), round);
  return {
    format: 'loadout-rerank-v1',
    kind,
    features: [...names],
    mean: Array.from(mean),
    scale: Array.from(scale),
    linear: list(0, F),
    ...(units === 0 ? {} : { hidden: list(H0, B0), hiddenBias: list(B0, O0), output: list(O0, size) }),
  };
}
