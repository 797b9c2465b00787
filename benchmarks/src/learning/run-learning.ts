import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RerankModel } from '@loadout/learn';
import { createRerankVectors, defaultStaticTablePath, loadStaticVectors } from '@loadout/embeddings';
import { listEvalSets, loadEvalSet } from '@loadout/eval';
import { trainRerankModel } from '@loadout/learn';
import type { LearnFromFeedbackOptions } from '@loadout/learn';
import { logProgress } from '../progress-log.js';
import { formatPoints, markdownTable } from '../report/format.js';
import { loadRerankCases, POOLED_SETS } from '../rerank/rerank-cases.js';
import { variantQueries } from '../rerank/model-variants.js';
import { SHIPPED_CANDIDATES, SHIPPED_MODELS } from '../train/shipped-model.js';
import { foldCleanBackground } from './fold-clean-base.js';
import type { FoldCleanBackground } from './fold-clean-base.js';
import { measureOutOfFold } from './out-of-fold.js';
import type { OutOfFoldResult } from './out-of-fold.js';
import { usageAwareTraining } from './usage-aware-base.js';

/** Options of {@link runLearning}. */
export interface RunLearningOptions {
  readonly dataDir: string;
  readonly resultsDir: string;
  readonly sets?: readonly string[];
  /** The learners measured, by name (see {@link LEARNERS}); the first is the one the table reports in full. Default: {@link DEFAULT_LEARNERS}. */
  readonly learners?: readonly string[];
}

/** One way of learning from the log measured out of fold: with or without word vectors, and how the fold-clean base model is used (`-scratch`: none; `-warm`: the warm fit alone; `-blend`: both fits averaged; `-choose`: the windows choose; `lexical` is the deployment's default, the blend; the other GloVe learners choose). */
export interface Learner {
  readonly name: string;
  /** The log's re-ranker reads `VECTOR_FEATURES` (GloVe-SIF), its base model the shipped GloVe recipe. */
  readonly vectors: boolean;
  /** `null`: from scratch only; else the fold-clean base model, used as `warmStart` says. */
  readonly warmStart: LearnFromFeedbackOptions['warmStart'] | null;
  /** `lexical`: a learner with vectors warm-starts from the lexical base (its word-vector features starting at 0). `usage`: the base model is trained on the other sets as logs (cross-fitted usage features, `usageAwareTraining`), not on their labelled queries alone. Default `plain`. */
  readonly base?: 'plain' | 'usage' | 'lexical';
  /** How the log's re-ranker uses `SIBLING_FEATURES` (`LearnFromFeedbackOptions.siblings`). Default `blend`, as a deployment's. */
  readonly siblings?: LearnFromFeedbackOptions['siblings'];
  /** Whether the log's re-ranker reads `NEIGHBOUR_FEATURES` (`LearnFromFeedbackOptions.neighbours`). Default true, as a deployment's. */
  readonly neighbours?: boolean;
}

/** Every learner the bench can measure. */
export const LEARNERS: readonly Learner[] = [
  { name: 'lexical', vectors: false, warmStart: 'blend' },
  { name: 'lexical-noneighbours', vectors: false, warmStart: 'blend', neighbours: false },
  { name: 'lexical-choose', vectors: false, warmStart: 'choose' },
  { name: 'lexical-siblings-choose', vectors: false, warmStart: 'blend', siblings: 'choose' },
  { name: 'lexical-scratch', vectors: false, warmStart: null },
  { name: 'lexical-nosiblings', vectors: false, warmStart: 'choose', siblings: false },
  { name: 'lexical-scratch-nosiblings', vectors: false, warmStart: null, siblings: false },
  { name: 'lexical-warm', vectors: false, warmStart: 'always' },
  { name: 'lexical-blend-nosiblings', vectors: false, warmStart: 'blend', siblings: false },
  { name: 'lexical-warm-nosiblings', vectors: false, warmStart: 'always', siblings: false },
  { name: 'glove', vectors: true, warmStart: 'choose' },
  { name: 'glove-scratch', vectors: true, warmStart: null },
  { name: 'glove-warm', vectors: true, warmStart: 'always' },
  { name: 'glove-blend', vectors: true, warmStart: 'blend' },
  { name: 'glove-lexbase', vectors: true, warmStart: 'choose', base: 'lexical' },
  { name: 'glove-lexbase-warm', vectors: true, warmStart: 'always', base: 'lexical' },
  { name: 'lexical-usagebase', vectors: false, warmStart: 'choose', base: 'usage' },
  { name: 'glove-usagebase', vectors: true, warmStart: 'choose', base: 'usage' },
];

/** The learners `pnpm bench -- --only learning` measures: what a deployment gets, then the same from scratch. */
export const DEFAULT_LEARNERS: readonly string[] = ['lexical', 'lexical-scratch'];


/** The usage-prior weight measured beside the usage field alone: `learnFromFeedback`'s default (see `LearnFromFeedbackOptions.usagePriorWeight`). */
export const PRIOR_WEIGHT = 0.2;

/** The recipe of the shipped lexical model (`LEXICAL_RERANK_MODEL`), which a deployment's learner starts from. */
const BASE_RECIPE = SHIPPED_MODELS[0]!.variant;
/** The recipe of the shipped GloVe model (`GLOVE_RERANK_MODEL`), the base of a learner with word vectors. */
const GLOVE_RECIPE = SHIPPED_MODELS[1]!.variant;

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
  const withVectors = learners.some((learner) => learner.vectors);
  // Every set's cases: the base models of the sets measured learn from the others.
  const { cases, sets: allSets } = await loadRerankCases(options.dataDir, undefined, SHIPPED_CANDIDATES, { vectors: withVectors });
  const table = withVectors ? await loadStaticVectors(defaultStaticTablePath()) : undefined;
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
    const { training, kept, ...clean } = foldCleanBackground(cases, info.name);
    const wants = (vectors: boolean, base: 'plain' | 'usage'): boolean =>
      learners.some((learner) => learner.warmStart !== null && (learner.base === 'lexical' ? !vectors && base === 'plain' : learner.vectors === vectors && (learner.base ?? 'plain') === base));
    const lexicalBase = wants(false, 'plain') ? trainRerankModel(variantQueries(training, BASE_RECIPE), BASE_RECIPE.options) : undefined;
    const gloveBase = wants(true, 'plain') ? trainRerankModel(variantQueries(training, GLOVE_RECIPE), GLOVE_RECIPE.options) : undefined;
    const usageBase = (vectors: boolean): RerankModel | undefined => {
      if (!wants(vectors, 'usage')) return undefined;
      logProgress(`learning: ${info.name}: usage-aware base (${vectors ? GLOVE_RECIPE.name : BASE_RECIPE.name}), the other sets as logs`);
      const queries = usageAwareTraining(kept, allSets, SHIPPED_CANDIDATES, vectors ? () => createRerankVectors(table!) : undefined);
      return trainRerankModel(queries, (vectors ? GLOVE_RECIPE : BASE_RECIPE).options);
    };
    const lexicalUsageBase = usageBase(false);
    const gloveUsageBase = usageBase(true);
    bases.push({ set: info.name, trainedOn: training.length, ...clean });
    for (const [index, learner] of learners.entries()) {
      logProgress(`learning: ${info.name}: ${learner.name}`);
      const usage = learner.base === 'usage';
      const baseModel = learner.warmStart === null ? null : learner.base === 'lexical' || !learner.vectors ? (usage ? lexicalUsageBase! : lexicalBase!) : usage ? gloveUsageBase! : gloveBase!;
      // Vectors per set: they fit the catalog's principal components.
      const vectors = learner.vectors ? { vectors: createRerankVectors(table!) } : {};
      const warmStart = learner.warmStart === null ? {} : { warmStart: learner.warmStart };
      const result = await measureOutOfFold(evalSet, 5, { usagePriorWeight: PRIOR_WEIGHT, baseModel, ...vectors, ...warmStart, ...(learner.siblings === undefined ? {} : { siblings: learner.siblings }), ...(learner.neighbours === undefined ? {} : { neighbours: learner.neighbours }) });
      measured[index]!.push(result);
      logProgress(`learning: ${info.name}: ${learner.name}: ${cell(result.learned)} (R@5 / NDCG@5 / MRR@10)`);
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
    ['… of which with the warm-started fit (blended with the fit from scratch, or it beat it)', ...results.map((result) => `${result.reports.filter((report) => report.enabled && report.rerank && report.warmStart).length}`)],
    ['… of which with sibling features (blended in, or they beat the fits without)', ...results.map((result) => `${result.reports.filter((report) => report.enabled && report.rerank && report.siblings).length}`)],
    ['… of which with neighbour features', ...results.map((result) => `${result.reports.filter((report) => report.enabled && report.rerank && report.neighbours).length}`)],
    ...learners.slice(1).map((learner, index) => [`learner "${learner.name}"`, ...measured[index + 1]!.map((result) => cell(result.learned))]),
    ['base model: training queries (other sets) / near-duplicates of this set removed', ...bases.map((base) => `${base.trainedOn} / ${base.removed}`)],
    ['test queries with a near-duplicate in their log', ...results.map((result) => String(result.leakedQueries))],
    ['queries with a near-duplicate in their base model\'s training', ...bases.map((base) => String(base.leakedQueries))],
  ];
  process.stdout.write(
    `\nLearning from logs, dev, out of fold (Recall@5 / NDCG@5 / MRR@10), learner "${learners[0]!.name}"; base models: the shipped recipes (${BASE_RECIPE.name}, ${GLOVE_RECIPE.name}) trained on the other sets' dev queries only:\n\n${markdownTable(['', ...results.map((result) => result.set)], rows)}\n`,
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
  await writeFile(join(options.resultsDir, 'learning.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), learner: learners[0]!.name, results, usagePriorWeight: PRIOR_WEIGHT, bases, others: learners.slice(1).map((learner, index) => ({ learner: learner.name, results: measured[index + 1] })) }, null, 2)}\n`);
  return { results, bases };
}
