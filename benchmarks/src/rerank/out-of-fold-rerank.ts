import { assignFolds, nearDuplicatePairs } from '@loadout/eval';
import { trainRerankModel } from '@loadout/learn';
import type { QualityScores } from '@loadout/eval';
import type { ModelVariant } from './model-variants.js';
import { trainingOf } from './rerank-cases.js';
import type { RerankCase } from './rerank-cases.js';
import { scoreCases } from './score-cases.js';

/** Per set: the first stage and each variant over the same queries. */
export interface SplitResult {
  readonly set: string;
  readonly queries: number;
  readonly baseline: QualityScores;
  readonly models: Record<string, QualityScores>;
}

/** Result of an evaluation protocol: per-set scores and its leakage check. */
export interface ProtocolResult {
  readonly protocol: 'out-of-fold' | 'leave-one-set-out';
  readonly sets: readonly SplitResult[];
  /** Scored queries with a near-duplicate among their model's training queries (must be 0). */
  readonly leakedQueries: number;
}

function leaks(test: readonly RerankCase[], train: readonly RerankCase[]): number {
  return new Set(nearDuplicatePairs(test.map((item) => item.query.query), train.map((item) => item.query.query)).map(([index]) => index)).size;
}

function weightedMean(parts: readonly { scores: QualityScores; count: number }[]): QualityScores {
  const total = Math.max(1, parts.reduce((sum, part) => sum + part.count, 0));
  const mean = (key: keyof QualityScores): number => parts.reduce((sum, part) => sum + part.scores[key] * part.count, 0) / total;
  return { 'recall@5': mean('recall@5'), 'ndcg@5': mean('ndcg@5'), 'mrr@10': mean('mrr@10') };
}

/**
 * 5 fixed folds over the union of every set's dev queries (`assignFolds`:
 * near-duplicates, including mix10k's copies of the sets it pools, share a
 * fold); each fold is scored by models trained on the other four folds of
 * all sets (mix10k's copies left out of training, so no query counts twice).
 */
export function measureOutOfFoldRerank(cases: readonly RerankCase[], variants: readonly ModelVariant[], folds = 5, log: (line: string) => void = () => {}): ProtocolResult {
  const assignment = assignFolds(
    cases.map((item) => item.query.query),
    folds,
  );
  const perSet = new Map<string, { baseline: { scores: QualityScores; count: number }[]; models: Map<string, { scores: QualityScores; count: number }[]> }>();
  let leakedQueries = 0;
  for (let fold = 0; fold < folds; fold++) {
    const train = cases.filter((_, index) => assignment[index] !== fold);
    const test = cases.filter((_, index) => assignment[index] === fold);
    leakedQueries += leaks(test, train);
    const models = variants.map((variant) => ({ variant, model: trainRerankModel(trainingOf(train), variant.options) }));
    log(`fold ${fold + 1}/${folds}: trained ${variants.length} models on ${trainingOf(train).length} queries`);
    for (const set of new Set(test.map((item) => item.set))) {
      const part = test.filter((item) => item.set === set);
      const entry = perSet.get(set) ?? { baseline: [], models: new Map() };
      perSet.set(set, entry);
      entry.baseline.push({ scores: scoreCases(part, undefined), count: part.length });
      for (const { variant, model } of models) {
        const list = entry.models.get(variant.name) ?? [];
        entry.models.set(variant.name, list);
        list.push({ scores: scoreCases(part, model), count: part.length });
      }
    }
  }
  const sets = [...perSet.entries()].map(([set, entry]) => ({
    set,
    queries: entry.baseline.reduce((sum, part) => sum + part.count, 0),
    baseline: weightedMean(entry.baseline),
    models: Object.fromEntries([...entry.models.entries()].map(([name, parts]) => [name, weightedMean(parts)])),
  }));
  return { protocol: 'out-of-fold', sets, leakedQueries };
}

/**
 * Leave one set out: models trained on the other sets' dev queries score the
 * held-out set's, as a user's unseen catalog would be. Training leaves out
 * every query with a near-duplicate in the held-out set (mix10k repeats the
 * sets it pools); mix10k, whose catalog contains the other three, is scored
 * only on its queries with no near-duplicate in training.
 */
export function measureLeaveOneSetOut(cases: readonly RerankCase[], variants: readonly ModelVariant[], log: (line: string) => void = () => {}): ProtocolResult {
  const results: SplitResult[] = [];
  let leakedQueries = 0;
  for (const set of new Set(cases.map((item) => item.set))) {
    let test = cases.filter((item) => item.set === set);
    let train = cases.filter((item) => item.set !== set);
    if (set === 'mix10k') {
      test = test.filter((item) => !item.pooledCopy);
      const copies = new Set(nearDuplicatePairs(test.map((item) => item.query.query), train.map((item) => item.query.query)).map(([index]) => index));
      test = test.filter((_, index) => !copies.has(index));
      train = train.map((item) => ({ ...item, pooledCopy: false }));
    } else {
      const copies = new Set(nearDuplicatePairs(train.map((item) => item.query.query), test.map((item) => item.query.query)).map(([index]) => index));
      train = train.filter((_, index) => !copies.has(index));
    }
    leakedQueries += leaks(test, train);
    const models: Record<string, QualityScores> = {};
    for (const variant of variants) models[variant.name] = scoreCases(test, trainRerankModel(trainingOf(train), variant.options));
    log(`held out ${set}: ${test.length} queries scored, models trained on ${trainingOf(train).length}`);
    results.push({ set, queries: test.length, baseline: scoreCases(test, undefined), models });
  }
  return { protocol: 'leave-one-set-out', sets: results, leakedQueries };
}
