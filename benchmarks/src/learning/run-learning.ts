import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listEvalSets, loadEvalSet, nearDuplicatePairs } from '@loadout/eval';
import { logProgress } from '../progress-log.js';
import { formatPoints, markdownTable } from '../report/format.js';
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

/**
 * Learning from logs, out of fold (5 fixed folds by query) on every set's
 * dev queries, beside the model-free default; the leakage check; and how
 * many mix10k queries also appear (near-)verbatim in the sets it pools,
 * which is why no model is trained across sets and evaluated on mix10k.
 * Prints the table and writes `learning.json`.
 */
export async function runLearning(options: RunLearningOptions): Promise<OutOfFoldResult[]> {
  const available = (await listEvalSets(options.dataDir)).filter((set) => set.splits.includes('dev'));
  const sets = options.sets === undefined ? available : available.filter((set) => options.sets?.includes(set.name));
  const results: OutOfFoldResult[] = [];
  const withoutPrior: OutOfFoldResult[] = [];
  const loaded = new Map<string, Awaited<ReturnType<typeof loadEvalSet>>>();
  for (const info of sets) {
    logProgress(`learning: ${info.name}, 5 folds`);
    const evalSet = await loadEvalSet(info.directory, { split: 'dev' });
    loaded.set(info.name, evalSet);
    const started = performance.now();
    results.push(await measureOutOfFold(evalSet, 5, { usagePriorWeight: PRIOR_WEIGHT }));
    withoutPrior.push(await measureOutOfFold(evalSet, 5, { usagePriorWeight: 0 }));
    logProgress(`learning: ${info.name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const cell = (scores: OutOfFoldResult['baseline']): string =>
    `${formatPoints(scores['recall@5'])} / ${formatPoints(scores['ndcg@5'])} / ${formatPoints(scores['mrr@10'])}`;
  const rows = [
    ['model-free default', ...results.map((result) => cell(result.baseline))],
    ['learning from the other folds (--feedback)', ...results.map((result) => cell(result.learned))],
    ['folds where learning switched on', ...results.map((result) => `${result.enabledFolds} / ${result.folds}`)],
    ['… of which with the re-ranker (it beat the usage field alone)', ...results.map((result) => `${result.reports.filter((report) => report.enabled && report.rerank).length}`)],
    ['the same without the usage prior', ...withoutPrior.map((result) => cell(result.learned))],
    ['test queries with a near-duplicate in training', ...results.map((result) => String(result.leakedQueries))],
  ];
  process.stdout.write(`\nLearning from logs, dev, out of fold (Recall@5 / NDCG@5 / MRR@10):\n\n${markdownTable(['', ...results.map((result) => result.set)], rows)}\n`);
  const mix = loaded.get('mix10k');
  if (mix !== undefined) {
    const pooled = POOLED.flatMap((name) => loaded.get(name)?.queries.map((query) => query.query) ?? []);
    const shared = new Set(nearDuplicatePairs(mix.queries.map((query) => query.query), pooled).map(([index]) => index)).size;
    process.stdout.write(
      `mix10k shares ${shared} of its ${mix.queries.length} queries (near-)verbatim with ${POOLED.join(', ')}: folds are per set, and no model is trained on one set and scored on another.\n`,
    );
  }
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'learning.json'), `${JSON.stringify({ generatedAt: new Date().toISOString(), results, usagePriorWeight: PRIOR_WEIGHT, withoutPrior }, null, 2)}\n`);
  return results;
}
