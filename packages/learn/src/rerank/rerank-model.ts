import { createLoadoutError, describeValue } from '@loadout/core';
import { rerankFeatureGroups, rerankFeatureList } from './feature-lists.js';

/**
 * A re-ranking model as JSON (numbers, plus the feature names it was
 * trained on). Features are standardised as `z = (x − mean) · scale`, then
 * scored `Σ linear_f z_f` plus, for `mlp`, `Σ_h output_h tanh(hiddenBias_h +
 * Σ_f hidden[h·F + f] z_f)`.
 */
export interface RerankModel {
  /** Always `loadout-rerank-v1`. */
  readonly format: 'loadout-rerank-v1';
  /** `linear` (listwise softmax), or `mlp` (one tanh hidden layer plus the linear part). */
  readonly kind: 'linear' | 'mlp';
  /**
   * The feature names: `RERANK_FEATURES`, or `RERANK_VECTOR_FEATURES` for a
   * model that needs word vectors, either followed by `NEIGHBOUR_FEATURES`
   * and then `SIBLING_FEATURES`, each optional (a log's re-ranker reads
   * them; `rerankFeatureList` gives every list). A model for other
   * features is refused.
   */
  readonly features: readonly string[];
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  /** One weight per feature. */
  readonly linear: readonly number[];
  /** `mlp` only: hidden units × features weights (row per unit), a bias and an output weight per unit. */
  readonly hidden?: readonly number[];
  readonly hiddenBias?: readonly number[];
  readonly output?: readonly number[];
  /**
   * Weight of the raw `firstStage` feature (the candidate's first-stage
   * score over the best candidate's, 0–1) added to the score, held fixed in
   * training: the model learns corrections to the first stage, and with a
   * large weight it can only reorder candidates whose first-stage scores
   * are close. Default 0; a finite number ≥ 0.
   */
  readonly firstStageWeight?: number;
  /**
   * Bounded re-ranking: when set, a candidate's final score is its raw
   * `firstStage` ratio plus `margin · tanh(score − best score among the
   * candidates)`, so the model reorders only candidates whose first-stage
   * scores lie within `margin` of each other. Default: none (the model's
   * score alone); a finite number > 0.
   */
  readonly margin?: number;
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
  /** Features per row: the length of {@link features}. */
  readonly width: number;
  /** True when the model needs the word-vector features. */
  readonly vectors: boolean;
  /** True when the model reads `NEIGHBOUR_FEATURES` (after the lexical and vector ones). */
  readonly neighbours: boolean;
  /** True when the model reads `SIBLING_FEATURES` (after the lexical, vector and neighbour ones). */
  readonly siblings: boolean;
  readonly features: readonly string[];
  readonly units: number;
  readonly mean: Float64Array;
  readonly scale: Float64Array;
  readonly linear: Float64Array;
  readonly hidden: Float64Array;
  readonly hiddenBias: Float64Array;
  readonly output: Float64Array;
  readonly firstStageWeight: number;
  /** 0: none. */
  readonly margin: number;
  /** `RerankModel.candidates`, or undefined when the model does not say. */
  readonly candidates: number | undefined;
  /**
   * The same model with its standardisation folded into the weights, which
   * {@link scoreRow} reads so a raw feature of 0 costs nothing:
   * `linear_f · scale_f` (plus `firstStageWeight` on `firstStage`), the
   * hidden weights `hidden[h·F + f] · scale_f` laid out feature-major (`f·units + h`),
   * each unit's bias less its weighted means, and the linear part's constant.
   */
  readonly folded: {
    readonly linear: Float64Array;
    readonly hidden: Float64Array;
    readonly hiddenBias: Float64Array;
    readonly constant: number;
  };
}

function invalid(message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `@loadout/bm25 rerank: the model ${message} (got ${describeValue(value)})`, { option: 'model' });
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

/** Validates a {@link RerankModel} (from JSON) against this version's features; throws `invalid-option` naming what is wrong. */
export function compileRerankModel(model: unknown): CompiledModel {
  if (typeof model !== 'object' || model === null) invalid('must be an object', model);
  const value = model as Partial<RerankModel>;
  if (value.format !== 'loadout-rerank-v1') invalid('format must be "loadout-rerank-v1"', value.format);
  if (value.kind !== 'linear' && value.kind !== 'mlp') invalid('kind must be "linear" or "mlp"', value.kind);
  const groups = Array.isArray(value.features) && value.features.every((name) => typeof name === 'string') ? rerankFeatureGroups(value.features as string[]) : undefined;
  if (groups === undefined) {
    invalid('was trained on other features than this version extracts', Array.isArray(value.features) ? `${value.features.length} features` : value.features);
  }
  const features = rerankFeatureList(groups);
  const { vectors, neighbours, siblings } = groups;
  const margin = value.margin ?? 0;
  if (typeof margin !== 'number' || !Number.isFinite(margin) || margin < 0) invalid('margin must be a finite number > 0', margin);
  const firstStageWeight = value.firstStageWeight ?? 0;
  if (typeof firstStageWeight !== 'number' || !Number.isFinite(firstStageWeight) || firstStageWeight < 0) invalid('firstStageWeight must be a finite number ≥ 0', firstStageWeight);
  const candidates = value.candidates;
  if (candidates !== undefined && (typeof candidates !== 'number' || !Number.isSafeInteger(candidates) || candidates < 1 || candidates > 1000)) {
    invalid('candidates must be an integer from 1 to 1,000', candidates);
  }
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
    vectors,
    neighbours,
    siblings,
    features,
    units,
    mean,
    scale,
    linear,
    hidden,
    hiddenBias,
    output: units === 0 ? new Float64Array(0) : numbers('output', value.output, units),
    firstStageWeight,
    margin,
    candidates,
    folded: foldStandardisation(mean, scale, linear, hidden, hiddenBias, units, firstStageWeight),
  };
}

/** {@link CompiledModel.folded}: `w · (x − mean) · scale` as `(w · scale) · x − w · scale · mean`. */
function foldStandardisation(mean: Float64Array, scale: Float64Array, linear: Float64Array, hidden: Float64Array, hiddenBias: Float64Array, units: number, firstStageWeight: number): CompiledModel['folded'] {
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
  // Feature 0 is `firstStage`, whose raw value the score also adds.
  if (F > 0) foldedLinear[0]! += firstStageWeight;
  return { linear: foldedLinear, hidden: foldedHidden, hiddenBias: foldedBias, constant };
}

/**
 * The model's score of feature row `row` of `features`, from its
 * {@link CompiledModel.folded} weights (a raw feature of 0 is skipped);
 * `scratch` holds at least `model.units` numbers and is overwritten.
 */
export function scoreRow(model: CompiledModel, features: Float64Array, row: number, scratch: Float64Array): number {
  const { units, output, width } = model;
  const { linear, hidden, hiddenBias, constant } = model.folded;
  const base = row * width;
  let score = constant;
  for (let unit = 0; unit < units; unit++) scratch[unit] = hiddenBias[unit]!;
  for (let feature = 0; feature < width; feature++) {
    const value = features[base + feature]!;
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
export function attributeRow(model: CompiledModel, features: Float64Array, row: number): { contributions: Float64Array; bias: number } {
  const F = model.width;
  const z = new Float64Array(F);
  for (let feature = 0; feature < F; feature++) z[feature] = (features[row * F + feature]! - model.mean[feature]!) * model.scale[feature]!;
  const contributions = new Float64Array(F);
  for (let feature = 0; feature < F; feature++) contributions[feature] = model.linear[feature]! * z[feature]!;
  contributions[0]! += model.firstStageWeight * features[row * F]!;
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

/**
 * For a model with a `margin`: turns the raw scores of `count` candidates
 * (in place) into `firstStage + margin · tanh(score − best)`; returns the
 * best raw score (−Infinity without candidates). Without a margin, does nothing.
 */
export function boundScores(model: CompiledModel, features: Float64Array, scores: Float64Array, count: number): number {
  let best = -Infinity;
  for (let row = 0; row < count; row++) if (scores[row]! > best) best = scores[row]!;
  if (model.margin === 0) return best;
  for (let row = 0; row < count; row++) scores[row] = features[row * model.width]! + model.margin * Math.tanh(scores[row]! - best);
  return best;
}

/**
 * {@link attributeRow} for the final score of a model with a `margin`:
 * `firstStage` plus each feature's (and the biases') share of
 * `margin · tanh(d)`, `d` the row's raw score minus the best row's, split in
 * proportion to their parts of `d` (exact: they sum to the final score).
 */
export function attributeBoundedRow(model: CompiledModel, features: Float64Array, row: number, bestRow: number): { contributions: Float64Array; bias: number } {
  const own = attributeRow(model, features, row);
  const top = attributeRow(model, features, bestRow);
  let difference = own.bias - top.bias;
  for (let feature = 0; feature < model.width; feature++) difference += own.contributions[feature]! - top.contributions[feature]!;
  const gain = Math.abs(difference) < 1e-12 ? model.margin : (model.margin * Math.tanh(difference)) / difference;
  const contributions = new Float64Array(model.width);
  for (let feature = 0; feature < model.width; feature++) contributions[feature] = gain * (own.contributions[feature]! - top.contributions[feature]!);
  contributions[0]! += features[row * model.width]!;
  return { contributions, bias: gain * (own.bias - top.bias) };
}

/**
 * The scores `model` gives each of `count` candidates whose features fill
 * `features` (row per candidate, as in `RerankCandidates.features`), bounded
 * by its `margin` when it has one.
 */
export function scoreRerankFeatures(model: RerankModel | CompiledModel, features: Float64Array, count?: number): Float64Array {
  const compiled = 'format' in model ? compileRerankModel(model) : model;
  count ??= features.length / compiled.width;
  const scratch = scoreScratch(compiled);
  const scores = new Float64Array(count);
  for (let row = 0; row < count; row++) scores[row] = scoreRow(compiled, features, row, scratch);
  boundScores(compiled, features, scores, count);
  return scores;
}
