import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listEvalSets, loadEvalSet, nearDuplicatePairs, trainRerankModel } from '@loadout/eval';
import { logProgress } from '../progress-log.js';
import { formatPoints, markdownTable } from '../report/format.js';
import { loadRerankCases } from '../rerank/rerank-cases.js';
import { SHIPPED_CANDIDATES, SHIPPED_MODELS } from '../train/shipped-model.js';
import { foldCleanBackground } from './fold-clean-base.js';
import type { FoldCleanBackground } from './fold-clean-base.js';
import { measureOutOfFold } from './out-of-fold.js';
import type { OutOfFoldResult } from './out-of-fold.js';

/** Options of {@link runLearning}. */
export interface RunLearningOptions {
  readonly dataDir: string;
  readonly resultsDir: string;
  readonly sets?: readonly string[];
}

const POOLED = ['livemcpbench', 'toolbench_stb', 'sealtools'];

/** The usage-prior weight measured beside the usage field alone: `learnFromFeedback`'s default (see `LearnFromFeedbackOptions.usagePriorWeight`). */
export const PRIOR_WEIGHT = 0.2;

/** The recipe of the shipped lexical model (`LEXICAL_RERANK_MODEL`), which a deployment's learner starts from. */
const BASE_RECIPE = SHIPPED_MODELS[0]!.variant;

/** A fold-clean base model for one set: the shipped model's recipe trained on the other sets only. */
export interface BaseModelProvenance extends Omit<FoldCleanBackground, 'training'> {
  readonly set: string;
  /** Training queries of the base model (the other sets', near-duplicates of this set's removed). */
  readonly trainedOn: number;
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
  // Every set's cases: the base models of the sets measured learn from the others.
  const { cases } = await loadRerankCases(options.dataDir, undefined, SHIPPED_CANDIDATES);
  const results: OutOfFoldResult[] = [];
  const fromScratch: OutOfFoldResult[] = [];
  const bases: BaseModelProvenance[] = [];
  const loaded = new Map<string, Awaited<ReturnType<typeof loadEvalSet>>>();
  for (const info of sets) {
    logProgress(`learning: ${info.name}, 5 folds`);
    const evalSet = await loadEvalSet(info.directory, { split: 'dev' });
    loaded.set(info.name, evalSet);
    const started = performance.now();
    const { training, ...clean } = foldCleanBackground(cases, info.name);
    const baseModel = trainRerankModel(training, BASE_RECIPE.options);
    bases.push({ set: info.name, trainedOn: training.length, ...clean });
    results.push(await measureOutOfFold(evalSet, 5, { usagePriorWeight: PRIOR_WEIGHT, baseModel }));
    fromScratch.push(await measureOutOfFold(evalSet, 5, { usagePriorWeight: PRIOR_WEIGHT, baseModel: null }));
    logProgress(`learning: ${info.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const cell = (scores: OutOfFoldResult['baseline']): string =>
    `${formatPoints(scores['recall@5'])} / ${formatPoints(scores['ndcg@5'])} / ${formatPoints(scores['mrr@10'])}`;
  const rerankedFolds = (result: OutOfFoldResult): string => `${result.reports.filter((report) => report.enabled && report.rerank).length}`;
  const rows = [
    ['model-free default', ...results.map((result) => cell(result.baseline))],
    ['learning from the other folds (--feedback)', ...results.map((result) => cell(result.learned))],
    ['folds where learning switched on', ...results.map((result) => `${result.enabledFolds} / ${result.folds}`)],
    ['… of which with the re-ranker (it beat the usage field alone)', ...results.map(rerankedFolds)],
    ['… of which warm-started from the base model (it beat the fit from scratch)', ...results.map((result) => `${result.reports.filter((report) => report.enabled && report.rerank && report.warmStart).length}`)],
    ['the same with the re-ranker fitted from scratch only (no base model)', ...fromScratch.map((result) => cell(result.learned))],
    ['base model: training queries (other sets) / near-duplicates of this set removed', ...bases.map((base) => `${base.trainedOn} / ${base.removed}`)],
    ['test queries with a near-duplicate in their log', ...results.map((result) => String(result.leakedQueries))],
    ['queries with a near-duplicate in their base model\'s training', ...bases.map((base) => String(base.leakedQueries))],
  ];
  process.stdout.write(
    `\nLearning from logs, dev, out of fold (Recall@5 / NDCG@5 / MRR@10); base model: the shipped ${BASE_RECIPE.name} recipe trained on the other sets' dev queries only:\n\n${markdownTable(['', ...results.map((result) => result.set)], rows)}\n`,
  );
  const mix = loaded.get('mix10k');
  if (mix !== undefined) {
    const pooled = POOLED.flatMap((name) => loaded.get(name)?.queries.map((query) => query.query) ?? []);
    const shared = new Set(nearDuplicatePairs(mix.queries.map((query) => query.query), pooled).map(([index]) => index)).size;
    process.stdout.write(
      `mix10k shares ${shared} of its ${mix.queries.length} queries (near-)verbatim with ${POOLED.join(', ')}: folds are per set, and no model is trained on one set and scored on another.\n`,
    );
  }
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'learning.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), results, usagePriorWeight: PRIOR_WEIGHT, bases, fromScratch }, null, 2)}\n`);
  return { results, bases };
}
