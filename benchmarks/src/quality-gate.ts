// CI quality gate: `node --conditions=development --import tsx benchmarks/src/quality-gate.ts [--data DIR] [--record]`
// (the condition loads @loadout/* from their sources).
// Two checks against benchmarks/quality-baseline.json, each failing (exit 1)
// when Recall@5 is more than the recorded tolerance (1.0 point) below:
// - the default ranker (model-free) on mix10k, dev;
// - learning from logs on toolbench_stb, dev, out of fold (5 fixed folds by
//   query, each answered after `loadout eval --feedback`'s learning from the
//   other four, the base model trained on the other sets only): what the
//   learned ranker gives a deployment; it also fails when any query leaks
//   into its log or its base model's training. toolbench_stb is the set
//   whose learned ranker uses every part (usage field, warm-started
//   re-ranker) at a CI cost of a few minutes; mix10k takes far longer.
// Exits 0 with a message when the eval data is absent. `--record` writes the
// measured figures as the new baseline.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BASELINE_PATH, RESULTS_DIR, resolveDataDir } from './paths.js';
import type { FoldScores } from './learning/out-of-fold.js';
import type { BaselineEntry, QualityBaseline } from './quality/quality-baseline.js';

const GATE_SET = 'mix10k';
/** The set and the baseline's name of the learned ranker's out-of-fold check. */
const LEARNING_SET = 'toolbench_stb';
const LEARNING_GATE = 'bm25f + learning (out of fold)';

const points = (share: number): number => Math.round(share * 10_000) / 100;

function entryOf(result: FoldScores, queries: number): BaselineEntry {
  return {
    'recall@5': points(result['recall@5']),
    'ndcg@5': points(result['ndcg@5']),
    'mrr@10': points(result['mrr@10']),
    queries,
    measuredAt: new Date().toISOString().slice(0, 10),
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { data: { type: 'string' }, record: { type: 'boolean' } },
  });
  const { dataDir, exists } = resolveDataDir(values.data);
  const missing = [GATE_SET, LEARNING_SET].map((set) => join(dataDir, set)).filter((dir) => !existsSync(dir));
  if (!exists || missing.length > 0) {
    process.stdout.write(`quality gate skipped: no eval data at ${missing[0] ?? dataDir} (pass --data DIR)\n`);
    return 0;
  }
  const { evaluateRanker, loadEvalSet } = await import('@loadout/eval');
  const registry = (await import('@loadout/rankers')).createBuiltinRegistry();
  const DEFAULT_RANKER_NAME = registry.defaultRanker;
  const { checkQualityGate, recordBaseline } = await import('./quality/quality-baseline.js');
  const { createProgressReporter } = await import('./progress-log.js');
  const evalSet = await loadEvalSet(join(dataDir, GATE_SET), { split: 'dev' });
  const result = await evaluateRanker(await registry.createRanker(DEFAULT_RANKER_NAME, undefined, false), evalSet, {
    onProgress: createProgressReporter(`gate ${GATE_SET} × ${DEFAULT_RANKER_NAME}`, 5000),
  });
  const { leakedQueryCount, runLearning } = await import('./learning/run-learning.js');
  const learning = await runLearning({ dataDir, resultsDir: join(RESULTS_DIR, 'gate'), sets: [LEARNING_SET], learners: ['lexical'] });
  const learned = learning.results[0]!;
  const leaked = leakedQueryCount(learning);
  let baseline = existsSync(BASELINE_PATH)
    ? (JSON.parse(await readFile(BASELINE_PATH, 'utf8')) as QualityBaseline)
    : { description: 'Recorded dev-split figures (percentage points) for the CI quality gate.', tolerancePoints: 1, sets: {} };
  if (values.record === true) {
    baseline = recordBaseline(baseline, GATE_SET, DEFAULT_RANKER_NAME, entryOf(result, result.queries));
    baseline = recordBaseline(baseline, LEARNING_SET, LEARNING_GATE, entryOf(learned.learned, learned.queries));
    await writeFile(BASELINE_PATH, `${JSON.stringify(baseline, null, 2)}\n`);
    process.stdout.write(
      `recorded ${DEFAULT_RANKER_NAME} on ${GATE_SET}: Recall@5 ${points(result['recall@5'])}, ${LEARNING_GATE} on ${LEARNING_SET}: ${points(learned.learned['recall@5'])} in ${BASELINE_PATH}\n`,
    );
    return 0;
  }
  const verdicts = [
    checkQualityGate(baseline, GATE_SET, DEFAULT_RANKER_NAME, result['recall@5']),
    checkQualityGate(baseline, LEARNING_SET, LEARNING_GATE, learned.learned['recall@5']),
    leaked === 0
      ? { pass: true, message: `quality gate passed: no ${LEARNING_SET} query has a near-duplicate in its log or its base model's training` }
      : { pass: false, message: `quality gate FAILED: ${leaked} ${LEARNING_SET} queries have a near-duplicate in their log or their base model's training` },
  ];
  for (const verdict of verdicts) (verdict.pass ? process.stdout : process.stderr).write(`${verdict.message}\n`);
  return verdicts.every((verdict) => verdict.pass) ? 0 : 1;
}

process.exitCode = await main();
