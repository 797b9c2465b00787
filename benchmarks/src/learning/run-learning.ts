import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listEvalSets, loadEvalSet } from '@loadout/eval';
import { trainRerankModel } from '@loadout/learn';
import { logProgress } from '../progress-log.js';
import { formatPoints, markdownTable } from '../report/format.js';
import { loadRerankCases, POOLED_SETS } from '../rerank/rerank-cases.js';
import { SHIPPED_CANDIDATES, SHIPPED_MODELS } from '../train/shipped-model.js';
import { againstBefore } from './before-issue-29.js';
import { foldCleanBackground } from './fold-clean-base.js';
import type { FoldCleanBackground } from './fold-clean-base.js';
import { measureOutOfFold } from './out-of-fold.js';
import type { OutOfFoldResult } from './out-of-fold.js';

/** Options of {@link runLearning}. */
export interface RunLearningOptions {
  readonly dataDir: string;
  readonly resultsDir: string;
  readonly sets?: readonly string[];
  /** The learners measured, by name (see {@link LEARNERS}); the first is the one the table reports in full. Default: {@link DEFAULT_LEARNERS}. */
  readonly learners?: readonly string[];
}

/** One way of learning from the log measured out of fold: the one recipe (the fold-clean base model warm-started on the log), on one partition of held-out folds. */
export interface Learner {
  readonly name: string;
  /**
   * Another partition: the seed of the 5 out-of-fold folds (`assignFolds`) and of
   * `learnFromFeedback`'s held-out folds. Default: the unseeded folds and its default seed.
   */
  readonly seed?: number;
}

/** Every learner the bench can measure. */
export const LEARNERS: readonly Learner[] = [{ name: 'lexical' }, { name: 'lexical-seed2', seed: 2 }];

/** The learners `pnpm bench -- --only learning` measures: what a deployment gets, then the same under a second partition. */
export const DEFAULT_LEARNERS: readonly string[] = ['lexical', 'lexical-seed2'];

/** The recipe of the shipped lexical model (`LEXICAL_RERANK_MODEL`), which a deployment's learner starts from. */
const BASE_RECIPE = SHIPPED_MODELS[0]!.variant;

/** A fold-clean base model for one set: the shipped model's recipe trained on the other sets only. */
export interface BaseModelProvenance extends Omit<FoldCleanBackground, 'training' | 'kept'> {
  readonly set: string;
  /** Training queries of the base model (the other sets', near-duplicates of this set's removed). */
  readonly trainedOn: number;
}

/** Queries of a {@link runLearning} run that leak: with a near-duplicate in their fold's log, or in their set's base model's training (any is a failure). */
export function leakedQueryCount(run: { readonly results: readonly OutOfFoldResult[]; readonly bases: readonly BaseModelProvenance[] }): number {
  return run.results.reduce((sum, result) => sum + result.leakedQueries, 0) + run.bases.reduce((sum, base) => sum + base.leakedQueries, 0);
}

/**
 * Learning from logs, out of fold (5 fixed folds by query) on every set's
 * dev queries, beside the model-free default; the leakage checks; and how
 * many mix10k queries also appear (near-)verbatim in the sets it pools.
 * The learner's base model (its warm start; a deployment's is the shipped
 * `LEXICAL_RERANK_MODEL`, trained on every set) is, for each set, the
 * shipped recipe trained on the other sets' dev queries minus every
 * near-duplicate of the set's (`foldCleanBackground`), so it never saw the
 * queries it is scored on. Prints the table and writes `learning.json`.
 */
export async function runLearning(options: RunLearningOptions): Promise<{ results: OutOfFoldResult[]; bases: BaseModelProvenance[] }> {
  const available = (await listEvalSets(options.dataDir)).filter((set) => set.splits.includes('dev'));
  const sets = options.sets === undefined ? available : available.filter((set) => options.sets?.includes(set.name));
  const learners = (options.learners ?? DEFAULT_LEARNERS).map((name) => {
    const learner = LEARNERS.find((item) => item.name === name);
    if (learner === undefined) throw new Error(`unknown learner ${JSON.stringify(name)}; known: ${LEARNERS.map((item) => item.name).join(', ')}`);
    return learner;
  });
  // Every set's cases: the base models of the sets measured learn from the others.
  const { cases } = await loadRerankCases(options.dataDir, undefined, SHIPPED_CANDIDATES);
  const cell = (scores: OutOfFoldResult['baseline']): string =>
    `${formatPoints(scores['recall@5'])} / ${formatPoints(scores['ndcg@5'])} / ${formatPoints(scores['mrr@10'])}`;
  const measured = learners.map(() => [] as OutOfFoldResult[]);
  const bases: BaseModelProvenance[] = [];
  const loaded = new Map<string, Awaited<ReturnType<typeof loadEvalSet>>>();
  for (const info of sets) {
    logProgress(`learning: ${info.name}, 5 folds`);
    const evalSet = await loadEvalSet(info.directory, { split: 'dev' });
    loaded.set(info.name, evalSet);
    const started = performance.now();
    const { training, removed, leakedQueries } = foldCleanBackground(cases, info.name);
    const base = trainRerankModel(training, BASE_RECIPE.options);
    bases.push({ set: info.name, trainedOn: training.length, removed, leakedQueries });
    for (const [index, learner] of learners.entries()) {
      logProgress(`learning: ${info.name}: ${learner.name}`);
      const learnerStarted = performance.now();
      const result = await measureOutOfFold(evalSet, 5, { baseModel: base, ...(learner.seed === undefined ? {} : { seed: learner.seed }) });
      measured[index]!.push(result);
      logProgress(`learning: ${info.name}: ${learner.name}: ${cell(result.learned)} (R@5 / NDCG@5 / MRR@10) in ${((performance.now() - learnerStarted) / 1000).toFixed(1)} s`);
    }
    logProgress(`learning: ${info.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const results = measured[0]!;
  const rerankedFolds = (result: OutOfFoldResult): string => `${result.reports.filter((report) => report.enabled && report.rerank).length}`;
  const rows = [
    ['model-free default', ...results.map((result) => cell(result.baseline))],
    ['learning from the other folds (--feedback)', ...results.map((result) => cell(result.learned))],
    ['folds where learning switched on', ...results.map((result) => `${result.enabledFolds} / ${result.folds}`)],
    ['… of which with the re-ranker (it beat the usage field alone)', ...results.map(rerankedFolds)],
    ['held-out folds inside learning', ...results.map((result) => [...new Set(result.reports.map((report) => (report.folds === 'random' ? `random, seed ${report.seed}` : 'newest')))].join(', '))],
    ...learners.slice(1).map((learner, index) => [`learner "${learner.name}"`, ...measured[index + 1]!.map((result) => cell(result.learned))]),
    ...learners.map((learner, index) => [`before #29, learner "${learner.name}": R@5 / this run minus it (decision 2928)`, ...measured[index]!.map((result) => againstBefore(learner.name, result.set, result.learned['recall@5']))]),
    ['base model: training queries (other sets) / near-duplicates of this set removed', ...bases.map((base) => `${base.trainedOn} / ${base.removed}`)],
    ['test queries with a near-duplicate in their log', ...results.map((result) => String(result.leakedQueries))],
    ['queries with a near-duplicate in their base model\'s training', ...bases.map((base) => String(base.leakedQueries))],
  ];
  process.stdout.write(
    `\nLearning from logs, dev, out of fold (Recall@5 / NDCG@5 / MRR@10), learner "${learners[0]!.name}"; base model: the shipped recipe (${BASE_RECIPE.name}) trained on the other sets' dev queries only:\n\n${markdownTable(['', ...results.map((result) => result.set)], rows)}\n`,
  );
  if (loaded.has('mix10k')) {
    // From every set's cases (loaded for the base models), so the count holds when --sets names mix10k alone.
    const mix = cases.filter((item) => item.set === 'mix10k');
    const shared = mix.filter((item) => item.pooledCopy).length;
    process.stdout.write(
      `mix10k shares ${shared} of its ${mix.length} queries (near-)verbatim with ${POOLED_SETS.join(', ')}: folds are per set, and no model is trained on one set and scored on another.\n`,
    );
  }
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'learning.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), learner: learners[0]!.name, results, bases, others: learners.slice(1).map((learner, index) => ({ learner: learner.name, results: measured[index + 1] })) }, null, 2)}\n`);
  return { results, bases };
}
