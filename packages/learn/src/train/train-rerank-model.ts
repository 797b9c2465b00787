import { seededRandom, shuffle } from '@loadout/eval';
import { featureColumns, RERANK_FEATURES, ROW_WIDTH } from '../rerank/rerank-features.js';
import { compileRerankModel } from '../rerank/rerank-model.js';
import type { RerankModel } from '../rerank/rerank-model.js';
import type { TrainingQuery } from './training-query.js';

/** Options of {@link trainRerankModel}. */
export interface TrainRerankOptions {
  /** `linear`, or `mlp` (16 tanh hidden units plus the linear part). Default `mlp`. */
  readonly kind?: 'linear' | 'mlp';
  /** Passes over the queries. Default 40; an integer ≥ 0. */
  readonly epochs?: number;
  /** L2 penalty per weight, toward 0 or toward `init`'s weights. Default 0.01; ≥ 0. */
  readonly l2?: number;
  /** The registry features read (`FEATURES` names, any subset, any order). Default: `init`'s, else `RERANK_FEATURES`. */
  readonly features?: readonly string[];
  /**
   * Warm start: the model to start from and pull toward (L2-SP), joined by
   * name (its `kind` and units win; a feature it lacks or never standardised
   * is standardised over the queries, from weight 0). Default: none.
   */
  readonly init?: RerankModel;
  /** `softmax` over the candidates against the gold, or plus LambdaRank's |ΔNDCG@10|-weighted pairs. Default `softmax`. */
  readonly loss?: 'softmax' | 'softmax+lambda';
}

/** A number as the model file keeps it (10 digits): exact to about 1e-9 relative, and the same on every run. */
const round = (value: number): number => Number(value.toPrecision(10));
/** Adam's step size, the queries per step, the ranks LambdaRank's pair weights count (deeper ones 0), an `mlp`'s hidden units. */
const RATE = 0.01;
const BATCH = 16;
const LAMBDA_DEPTH = 10;
const UNITS = 16;

/** Trains a re-ranking model listwise with Adam and L2; deterministic: the same queries and options give the same model. */
export function trainRerankModel(queries: readonly TrainingQuery[], options: TrainRerankOptions = {}): RerankModel {
  const { init, epochs = 40, l2 = 0.01 } = options;
  const kind = init?.kind ?? options.kind ?? 'mlp';
  const units = init !== undefined ? compileRerankModel(init).units : kind === 'mlp' ? UNITS : 0;
  const random = seededRandom(9);
  const names = options.features ?? init?.features ?? RERANK_FEATURES;
  const columns = featureColumns(names);
  if (typeof columns === 'string') throw new RangeError(`trainRerankModel: the registry has no feature ${JSON.stringify(columns)}, or it is named twice`);
  const F = names.length;
  // A warm start joins by name: feature f is the init's `from[f]` (−1: one it lacks, starting at weight 0).
  const from = names.map((name) => init?.features.indexOf(name) ?? -1);
  /** Whether feature f keeps the init's standardisation and weights. */
  const fromInit = (f: number): boolean => init !== undefined && from[f]! >= 0 && init.scale[from[f]!]! > 0;
  const discount = (rank: number): number => (rank < LAMBDA_DEPTH ? 1 / Math.log2(rank + 2) : 0);
  // The chosen columns of every candidate row, standardised: by the init's normaliser, else by their mean and deviation.
  const rows = Math.max(1, queries.reduce((sum, query) => sum + query.labels.length, 0));
  const standardised = queries.map((query) => Float64Array.from({ length: query.labels.length * F }, (_, at) => query.features[Math.floor(at / F) * ROW_WIDTH + columns[at % F]!]!));
  const mean = new Float64Array(F);
  const scale = new Float64Array(F);
  for (const x of standardised) for (let at = 0; at < x.length; at++) mean[at % F]! += x[at]!;
  for (let f = 0; f < F; f++) mean[f] = fromInit(f) ? init!.mean[from[f]!]! : round(mean[f]! / rows);
  for (const x of standardised) for (let at = 0; at < x.length; at++) scale[at % F]! += (x[at]! - mean[at % F]!) ** 2;
  for (let f = 0; f < F; f++) {
    const deviation = Math.sqrt(scale[f]! / rows);
    scale[f] = fromInit(f) ? init!.scale[from[f]!]! : deviation > 1e-9 ? round(1 / deviation) : 0;
  }
  for (const z of standardised) for (let at = 0; at < z.length; at++) z[at] = (z[at]! - mean[at % F]!) * scale[at % F]!;
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
    const width = init.features.length;
    for (let f = 0; f < F; f++) anchor[f] = fromInit(f) ? init.linear[from[f]!]! : 0;
    for (let unit = 0; unit < units; unit++) {
      for (let f = 0; f < F; f++) anchor[H0 + unit * F + f] = fromInit(f) ? init.hidden![unit * width + from[f]!]! : 0;
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
  const maxCount = Math.max(0, ...queries.map((query) => query.labels.length));
  const scores = new Float64Array(maxCount);
  const activations = new Float64Array(maxCount * units);
  const delta = new Float64Array(maxCount);
  const rankOf = new Int32Array(maxCount);
  /** Adds LambdaRank's gradient on the scores of one query (`scores[0, count)`) to `delta`. */
  const lambdaGradient = (labels: TrainingQuery['labels'], count: number, gold: number): void => {
    const ranked = Array.from({ length: count }, (_, row) => row).sort((a, b) => scores[b]! - scores[a]! || a - b);
    for (let rank = 0; rank < count; rank++) rankOf[ranked[rank]!] = rank;
    let ideal = 0;
    for (let rank = 0; rank < gold; rank++) ideal += discount(rank);
    for (let i = 0; i < count; i++) {
      if (!(labels[i]! > 0)) continue;
      for (let j = 0; j < count; j++) {
        if (labels[j]! > 0) continue;
        const swap = Math.abs(discount(rankOf[i]!) - discount(rankOf[j]!)) / ideal;
        const push = swap / (1 + Math.exp(scores[i]! - scores[j]!));
        delta[i]! -= push;
        delta[j]! += push;
      }
    }
  };
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffle(order, random);
    for (let start = 0; start < order.length; start += BATCH) {
      gradient.fill(0);
      const end = Math.min(order.length, start + BATCH);
      for (let at = start; at < end; at++) {
        const query = queries[order[at]!]!;
        const z = standardised[order[at]!]!;
        const count = query.labels.length;
        const gold = query.labels.reduce((sum, label) => sum + label, 0);
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
        }
        const max = Math.max(...scores.subarray(0, count));
        let sum = 0;
        for (let row = 0; row < count; row++) sum += Math.exp(scores[row]! - max);
        for (let row = 0; row < count; row++) delta[row] = Math.exp(scores[row]! - max) / sum - query.labels[row]! / gold;
        if (options.loss === 'softmax+lambda') lambdaGradient(query.labels, count, gold);
        for (let row = 0; row < count; row++) {
          const d = delta[row]!;
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
      step++;
      const correction1 = 1 - 0.9 ** step;
      const correction2 = 1 - 0.999 ** step;
      for (let index = 0; index < size; index++) {
        const g = gradient[index]! / (end - start) + (index >= B0 && index < O0 ? 0 : l2 * (theta[index]! - anchor[index]!));
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
