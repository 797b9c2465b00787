import { createLoadoutError, describeValue } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { featureColumns, ROW_WIDTH } from './rerank-features.js';

/**
 * A re-ranking model as JSON: the registry features it reads, each
 * standardised `z = (x − mean) · scale` and read at most 5 (see
 * `compileRerankModel`), scored `Σ linear_f z_f` plus, for `mlp`,
 * `Σ_h output_h tanh(hiddenBias_h + Σ_f hidden[h·F + f] z_f)`.
 */
export interface RerankModel {
  /** Always `loadout-rerank-v1`. */
  readonly format: 'loadout-rerank-v1';
  /** `linear`, or `mlp` (one tanh hidden layer plus the linear part). */
  readonly kind: 'linear' | 'mlp';
  /** The `FEATURES` names it reads, each once, any subset in any order; a model naming another is refused. */
  readonly features: readonly string[];
  /** Per feature: the normaliser's mean and scale (scale 0: the feature is ignored). */
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  /** One weight per feature. */
  readonly linear: readonly number[];
  /** `mlp` only: 1–256 hidden units × features weights (row per unit), a bias and an output weight per unit. */
  readonly hidden?: readonly number[];
  readonly hiddenBias?: readonly number[];
  readonly output?: readonly number[];
  /** First-stage candidates it was trained over and re-ranks unless the ranker's `candidates` says otherwise. Default 50; 1–1,000. */
  readonly candidates?: number;
}

/** A validated {@link RerankModel} ({@link compileRerankModel}) in typed arrays; do not change it. */
export interface CompiledModel {
  readonly kind: 'linear' | 'mlp';
  /** True when the model reads a `VECTOR_FEATURES` feature (it needs word vectors). */
  readonly vectors: boolean;
  readonly features: readonly string[];
  /** Per feature: its column in an extracted row (`ROW_WIDTH` numbers). */
  readonly columns: Int32Array;
  /** `RerankModel.candidates`, or undefined when the model does not say. */
  readonly candidates: number | undefined;
  readonly units: number;
  /** The weights with the standardisation folded in: `linear_f · scale_f`, `hidden[h·F + f] · scale_f` feature-major (`f·units + h`), biases less their weighted means, a constant; `output` as is. */
  readonly linear: Float64Array;
  readonly hidden: Float64Array;
  readonly hiddenBias: Float64Array;
  readonly output: Float64Array;
  readonly constant: number;
  /** Per feature: the largest raw value read (`mean + Z_LIMIT / scale`; Infinity for an ignored feature). */
  readonly upper: Float64Array;
}

/**
 * The most a standardised feature is read at: a value further above the
 * mean than this many deviations counts as this far (why: decision 2930).
 */
const Z_LIMIT = 5;

/** Throws the model's `invalid-option` error: `message`, and the value that broke it. */
function invalid(message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `@loadout/learn rerank: the model ${message} (got ${describeValue(value)})`, { option: 'model' });
}

/** Field `name` of a model as `length` finite numbers, else {@link invalid}. */
function numbers(name: string, value: unknown, length: number): Float64Array {
  if (!Array.isArray(value) || value.length !== length) invalid(`needs ${name} as ${length} numbers`, Array.isArray(value) ? `${value.length} values` : value);
  const bad = value.findIndex((item: unknown) => typeof item !== 'number' || !Number.isFinite(item));
  if (bad >= 0) invalid(`has a non-finite number in ${name}`, value[bad]);
  return Float64Array.from(value as number[]);
}

/** First-stage candidates re-scored (a model's `candidates`, or the option): undefined, or an integer 1–1,000, else `invalid-option`. */
export function readCandidates(value: unknown): number | undefined {
  return integerOption('@loadout/learn rerank', 'candidates', value, undefined, 1, 1000);
}

/** Validates a {@link RerankModel} (from JSON) against the feature registry; throws `invalid-option` naming what is wrong. */
export function compileRerankModel(model: unknown): CompiledModel {
  if (typeof model !== 'object' || model === null) invalid('must be an object', model);
  const value = model as Partial<RerankModel>;
  if (value.format !== 'loadout-rerank-v1') invalid('format must be "loadout-rerank-v1"', value.format);
  if (value.kind !== 'linear' && value.kind !== 'mlp') invalid('kind must be "linear" or "mlp"', value.kind);
  if (!Array.isArray(value.features) || value.features.length === 0) invalid('needs features, a list of feature names', value.features);
  const columns = featureColumns(value.features as string[]);
  if (typeof columns === 'string') invalid(`reads a feature this version does not extract, or one twice (run loadout learn again to refit it): ${JSON.stringify(columns)}`, `${value.features.length} features`);
  const features = [...(value.features as string[])];
  const F = features.length;
  const units = value.kind === 'mlp' && Array.isArray(value.output) ? value.output.length : 0;
  if (value.kind === 'mlp' && (units < 1 || units > 256)) invalid('needs 1–256 hidden units', units);
  const mean = numbers('mean', value.mean, F);
  const scale = numbers('scale', value.scale, F);
  const linear = numbers('linear', value.linear, F);
  const hidden = units === 0 ? new Float64Array(0) : numbers('hidden', value.hidden, units * F);
  // Folding: `w · (x − mean) · scale` is `(w · scale) · x − w · scale · mean`.
  const foldedLinear = linear.map((weight, feature) => weight * scale[feature]!);
  const constant = -foldedLinear.reduce((sum, weight, feature) => sum + weight * mean[feature]!, 0);
  const foldedHidden = new Float64Array(F * units);
  const foldedBias = units === 0 ? new Float64Array(0) : numbers('hiddenBias', value.hiddenBias, units);
  for (let feature = 0; feature < F; feature++) {
    for (let unit = 0; unit < units; unit++) {
      const weight = hidden[unit * F + feature]! * scale[feature]!;
      foldedHidden[feature * units + unit] = weight;
      foldedBias[unit]! -= weight * mean[feature]!;
    }
  }
  return {
    kind: value.kind,
    vectors: features.some((name) => name.startsWith('vector.')),
    features,
    columns,
    candidates: readCandidates(value.candidates),
    units,
    linear: foldedLinear,
    hidden: foldedHidden,
    hiddenBias: foldedBias,
    output: units === 0 ? new Float64Array(0) : numbers('output', value.output, units),
    constant,
    upper: mean.map((at, feature) => (scale[feature]! > 0 ? at + Z_LIMIT / scale[feature]! : Infinity)),
  };
}

/** The hidden units' activations of the row {@link scoreRow} scores (a model has at most 256). */
const activations = new Float64Array(256);

/**
 * The model's score of extracted row `row` of `rows` (`ROW_WIDTH` numbers
 * each), from its folded weights, each feature read at
 * most its `upper` (a raw feature of 0 is skipped).
 */
export function scoreRow(model: CompiledModel, rows: Float64Array, row: number): number {
  const { units, output, columns, linear, hidden, hiddenBias, constant, upper } = model;
  const base = row * ROW_WIDTH;
  let score = constant;
  for (let unit = 0; unit < units; unit++) activations[unit] = hiddenBias[unit]!;
  for (let feature = 0; feature < columns.length; feature++) {
    const value = Math.min(rows[base + columns[feature]!]!, upper[feature]!);
    if (value === 0) continue;
    score += linear[feature]! * value;
    const weights = feature * units;
    for (let unit = 0; unit < units; unit++) activations[unit]! += hidden[weights + unit]! * value;
  }
  for (let unit = 0; unit < units; unit++) score += output[unit]! * Math.tanh(activations[unit]!);
  return score;
}

/**
 * Each feature's share of a row's score, from the folded weights: with
 * `bias` (the constant and the hidden units' biases) they sum to the score,
 * up to rounding. A hidden unit's output is split among its inputs in
 * proportion to their part of its activation (`tanh(a) / a` times each).
 */
export function attributeRow(model: CompiledModel, rows: Float64Array, row: number): { contributions: Float64Array; bias: number } {
  const { units, output, linear, hidden, hiddenBias, constant, upper } = model;
  const width = model.columns.length;
  const x = Float64Array.from(model.columns, (column, feature) => Math.min(rows[row * ROW_WIDTH + column]!, upper[feature]!));
  const contributions = x.map((value, feature) => linear[feature]! * value);
  let bias = constant;
  for (let unit = 0; unit < units; unit++) {
    let activation = hiddenBias[unit]!;
    for (let feature = 0; feature < width; feature++) activation += hidden[feature * units + unit]! * x[feature]!;
    const gain = output[unit]! * (Math.abs(activation) < 1e-12 ? 1 : Math.tanh(activation) / activation);
    for (let feature = 0; feature < width; feature++) contributions[feature]! += gain * hidden[feature * units + unit]! * x[feature]!;
    bias += gain * hiddenBias[unit]!;
  }
  return { contributions, bias };
}

/** The scores `model` gives each of `count` candidates whose extracted rows fill `rows` (as in `RerankCandidates.features`). */
export function scoreRerankFeatures(model: CompiledModel, rows: Float64Array, count?: number): Float64Array {
  return Float64Array.from({ length: count ?? rows.length / ROW_WIDTH }, (_, row) => scoreRow(model, rows, row));
}
