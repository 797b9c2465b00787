import { createLoadoutError, describeValue } from '@loadout/core';
import { featureColumns, ROW_WIDTH } from './rerank-features.js';

/**
 * A re-ranking model as JSON: the registry features it reads (`FEATURES`,
 * by name, any subset in any order), each with one normaliser, the
 * standardisation `z = (x − mean) · scale`, and its weights: scored
 * `Σ linear_f z_f` plus, for `mlp`, `Σ_h output_h tanh(hiddenBias_h +
 * Σ_f hidden[h·F + f] z_f)`.
 */
export interface RerankModel {
  /** Always `loadout-rerank-v1`. */
  readonly format: 'loadout-rerank-v1';
  /** `linear` (listwise softmax), or `mlp` (one tanh hidden layer plus the linear part). */
  readonly kind: 'linear' | 'mlp';
  /** The names of the features it reads, each once, from `FEATURES`; a model naming another is refused. */
  readonly features: readonly string[];
  /** Per feature: the normaliser's mean and scale (scale 0: the feature is ignored). */
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  /** One weight per feature. */
  readonly linear: readonly number[];
  /** `mlp` only: hidden units × features weights (row per unit), a bias and an output weight per unit. */
  readonly hidden?: readonly number[];
  readonly hiddenBias?: readonly number[];
  readonly output?: readonly number[];
  /**
   * First-stage candidates the model was trained over, and re-ranks unless
   * `RerankRankerOptions.candidates` says otherwise (a deployment's learned
   * model records its cut here). Default 50; an integer 1–1,000.
   */
  readonly candidates?: number;
}

/**
 * A validated model in typed arrays. Make it with {@link compileRerankModel}
 * and do not change it: its {@link CompiledModel.folded} weights are
 * derived from the others once, there.
 */
export interface CompiledModel {
  readonly kind: 'linear' | 'mlp';
  /** Features the model reads: the length of {@link features}. */
  readonly width: number;
  /** True when the model reads a `VECTOR_FEATURES` feature (it needs word vectors). */
  readonly vectors: boolean;
  readonly features: readonly string[];
  /** Per feature: its column in an extracted row (`ROW_WIDTH` numbers). */
  readonly columns: Int32Array;
  readonly units: number;
  readonly mean: Float64Array;
  readonly scale: Float64Array;
  readonly linear: Float64Array;
  readonly hidden: Float64Array;
  readonly hiddenBias: Float64Array;
  readonly output: Float64Array;
  /** `RerankModel.candidates`, or undefined when the model does not say. */
  readonly candidates: number | undefined;
  /**
   * The same model with its standardisation folded into the weights, which
   * {@link scoreRow} reads so a raw feature of 0 costs nothing:
   * `linear_f · scale_f`, the hidden weights `hidden[h·F + f] · scale_f`
   * laid out feature-major (`f·units + h`), each unit's bias less its
   * weighted means, and the linear part's constant.
   */
  readonly folded: {
    readonly linear: Float64Array;
    readonly hidden: Float64Array;
    readonly hiddenBias: Float64Array;
    readonly constant: number;
  };
}

function invalid(message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `@loadout/learn rerank: the model ${message} (got ${describeValue(value)})`, { option: 'model' });
}

function numbers(name: string, value: unknown, length: number): Float64Array {
  if (!Array.isArray(value) || value.length !== length) invalid(`needs ${name} as ${length} numbers`, Array.isArray(value) ? `${value.length} values` : value);
  const out = new Float64Array(length);
  for (let index = 0; index < length; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'number' || !Number.isFinite(item)) invalid(`has a non-finite number in ${name}`, item);
    out[index] = item;
  }
  return out;
}

/** First-stage candidates re-scored (a model's `candidates`, or the option): undefined, or an integer 1–1,000, else `invalid-option`. */
export function readCandidates(value: unknown): number | undefined {
  if (value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= 1000)) return value;
  throw createLoadoutError('invalid-option', `@loadout/learn rerank: candidates must be an integer from 1 to 1,000 (got ${describeValue(value)})`, { option: 'candidates', value });
}

/** Validates a {@link RerankModel} (from JSON) against the feature registry; throws `invalid-option` naming what is wrong. */
export function compileRerankModel(model: unknown): CompiledModel {
  if (typeof model !== 'object' || model === null) invalid('must be an object', model);
  const value = model as Partial<RerankModel> & Record<string, unknown>;
  if (value.format !== 'loadout-rerank-v1') invalid('format must be "loadout-rerank-v1"', value.format);
  if (value.kind !== 'linear' && value.kind !== 'mlp') invalid('kind must be "linear" or "mlp"', value.kind);
  if (!Array.isArray(value.features) || value.features.length === 0) invalid('needs features, a list of feature names', value.features);
  const columns = featureColumns(value.features as string[]);
  if (typeof columns === 'string') invalid(`reads a feature this version does not extract, or one twice (run loadout learn again to refit it): ${JSON.stringify(columns)}`, `${value.features.length} features`);
  if (value['margin'] !== undefined || value['firstStageWeight'] !== undefined) invalid('uses margin or firstStageWeight, which this version no longer applies', value['margin'] ?? value['firstStageWeight']);
  const candidates = readCandidates(value.candidates);
  const features = [...(value.features as string[])];
  const F = features.length;
  const units = value.kind === 'mlp' && Array.isArray(value.output) ? value.output.length : 0;
  if (value.kind === 'mlp' && (units < 1 || units > 256)) invalid('needs 1–256 hidden units', units);
  const mean = numbers('mean', value.mean, F);
  const scale = numbers('scale', value.scale, F);
  const linear = numbers('linear', value.linear, F);
  const hidden = units === 0 ? new Float64Array(0) : numbers('hidden', value.hidden, units * F);
  const hiddenBias = units === 0 ? new Float64Array(0) : numbers('hiddenBias', value.hiddenBias, units);
  return {
    kind: value.kind,
    width: F,
    vectors: features.some((name) => name.startsWith('vector.')),
    features,
    columns,
    units,
    mean,
    scale,
    linear,
    hidden,
    hiddenBias,
    output: units === 0 ? new Float64Array(0) : numbers('output', value.output, units),
    candidates,
    folded: foldStandardisation(mean, scale, linear, hidden, hiddenBias, units),
  };
}

/** {@link CompiledModel.folded}: `w · (x − mean) · scale` as `(w · scale) · x − w · scale · mean`. */
function foldStandardisation(mean: Float64Array, scale: Float64Array, linear: Float64Array, hidden: Float64Array, hiddenBias: Float64Array, units: number): CompiledModel['folded'] {
  const F = mean.length;
  const foldedLinear = new Float64Array(F);
  const foldedHidden = new Float64Array(F * units);
  const foldedBias = Float64Array.from(hiddenBias);
  let constant = 0;
  for (let feature = 0; feature < F; feature++) {
    const gain = scale[feature]!;
    foldedLinear[feature] = linear[feature]! * gain;
    constant -= linear[feature]! * gain * mean[feature]!;
    for (let unit = 0; unit < units; unit++) {
      const weight = hidden[unit * F + feature]! * gain;
      foldedHidden[feature * units + unit] = weight;
      foldedBias[unit]! -= weight * mean[feature]!;
    }
  }
  return { linear: foldedLinear, hidden: foldedHidden, hiddenBias: foldedBias, constant };
}

/**
 * The model's score of extracted row `row` of `rows` (`ROW_WIDTH` numbers
 * each), from its {@link CompiledModel.folded} weights (a raw feature of 0
 * is skipped); `scratch` holds at least `model.units` numbers and is overwritten.
 */
export function scoreRow(model: CompiledModel, rows: Float64Array, row: number, scratch: Float64Array): number {
  const { units, output, width, columns } = model;
  const { linear, hidden, hiddenBias, constant } = model.folded;
  const base = row * ROW_WIDTH;
  let score = constant;
  for (let unit = 0; unit < units; unit++) scratch[unit] = hiddenBias[unit]!;
  for (let feature = 0; feature < width; feature++) {
    const value = rows[base + columns[feature]!]!;
    if (value === 0) continue;
    score += linear[feature]! * value;
    const weights = feature * units;
    for (let unit = 0; unit < units; unit++) scratch[unit]! += hidden[weights + unit]! * value;
  }
  for (let unit = 0; unit < units; unit++) score += output[unit]! * Math.tanh(scratch[unit]!);
  return score;
}

/** The scratch {@link scoreRow} needs for `model`. */
export function scoreScratch(model: CompiledModel): Float64Array {
  return new Float64Array(Math.max(1, model.units));
}

/**
 * Each feature's share of a row's score (they sum to the score, up to
 * rounding, plus `bias` for the hidden units' biases). A hidden unit's
 * output is split among its inputs in proportion to their part of its
 * activation (`tanh(a) / a` times each part), which is exact.
 */
export function attributeRow(model: CompiledModel, rows: Float64Array, row: number): { contributions: Float64Array; bias: number } {
  const F = model.width;
  const z = new Float64Array(F);
  for (let feature = 0; feature < F; feature++) z[feature] = (rows[row * ROW_WIDTH + model.columns[feature]!]! - model.mean[feature]!) * model.scale[feature]!;
  const contributions = new Float64Array(F);
  for (let feature = 0; feature < F; feature++) contributions[feature] = model.linear[feature]! * z[feature]!;
  let bias = 0;
  for (let unit = 0; unit < model.units; unit++) {
    let activation = model.hiddenBias[unit]!;
    const weights = unit * F;
    for (let feature = 0; feature < F; feature++) activation += model.hidden[weights + feature]! * z[feature]!;
    const ratio = Math.abs(activation) < 1e-12 ? 1 : Math.tanh(activation) / activation;
    const gain = model.output[unit]! * ratio;
    for (let feature = 0; feature < F; feature++) contributions[feature]! += gain * model.hidden[weights + feature]! * z[feature]!;
    bias += gain * model.hiddenBias[unit]!;
  }
  return { contributions, bias };
}

/** The scores `model` gives each of `count` candidates whose extracted rows fill `rows` (as in `RerankCandidates.features`). */
export function scoreRerankFeatures(model: RerankModel | CompiledModel, rows: Float64Array, count?: number): Float64Array {
  const compiled = 'format' in model ? compileRerankModel(model) : model;
  count ??= rows.length / ROW_WIDTH;
  const scratch = scoreScratch(compiled);
  const scores = new Float64Array(count);
  for (let row = 0; row < count; row++) scores[row] = scoreRow(compiled, rows, row, scratch);
  return scores;
}
