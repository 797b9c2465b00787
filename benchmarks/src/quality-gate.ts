// CI quality gate: `node --conditions=development --import tsx benchmarks/src/quality-gate.ts [--data DIR] [--record]`
// (the condition loads @loadout/* from their sources).
// Evaluates the default ranker on mix10k (dev) and exits 1 when its Recall@5
// is more than the recorded tolerance (1.0 point) below
// benchmarks/quality-baseline.json. Exits 0 with a message when the eval
// data is absent. `--record` writes the measured figures as the new baseline.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BASELINE_PATH, resolveDataDir } from './paths.js';
import type { QualityBaseline } from './quality/quality-baseline.js';

const GATE_SET = 'mix10k';

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { data: { type: 'string' }, record: { type: 'boolean' } },
  });
  const { dataDir, exists } = resolveDataDir(values.data);
  const setDir = join(dataDir, GATE_SET);
  if (!exists || !existsSync(setDir)) {
    process.stdout.write(`quality gate skipped: no eval data at ${setDir} (pass --data DIR)\n`);
    return 0;
  }
  const { evaluateRanker, loadEvalSet } = await import('@loadout/eval');
  const registry = (await import('@loadout/rankers')).createBuiltinRegistry();
  const DEFAULT_RANKER_NAME = registry.defaultRanker;
  const { checkQualityGate, recordBaseline } = await import('./quality/quality-baseline.js');
  const { createProgressReporter } = await import('./progress-log.js');
  const evalSet = await loadEvalSet(setDir, { split: 'dev' });
  const result = await evaluateRanker(await registry.createRanker(DEFAULT_RANKER_NAME, undefined, false), evalSet, {
    onProgress: createProgressReporter(`gate ${GATE_SET} × ${DEFAULT_RANKER_NAME}`, 5000),
  });
  const baseline = existsSync(BASELINE_PATH)
    ? (JSON.parse(await readFile(BASELINE_PATH, 'utf8')) as QualityBaseline)
    : { description: 'Recorded dev-split figures (percentage points) for the CI quality gate.', tolerancePoints: 1, sets: {} };
  if (values.record === true) {
    const points = (share: number): number => Math.round(share * 10_000) / 100;
    const updated = recordBaseline(baseline, GATE_SET, DEFAULT_RANKER_NAME, {
      'recall@5': points(result['recall@5']),
      'ndcg@5': points(result['ndcg@5']),
      'mrr@10': points(result['mrr@10']),
      queries: result.queries,
      measuredAt: new Date().toISOString().slice(0, 10),
    });
    await writeFile(BASELINE_PATH, `${JSON.stringify(updated, null, 2)}\n`);
    process.stdout.write(`recorded ${DEFAULT_RANKER_NAME} on ${GATE_SET}: Recall@5 ${points(result['recall@5'])} in ${BASELINE_PATH}\n`);
    return 0;
  }
  const verdict = checkQualityGate(baseline, GATE_SET, DEFAULT_RANKER_NAME, result['recall@5']);
  (verdict.pass ? process.stdout : process.stderr).write(`${verdict.message}\n`);
  return verdict.pass ? 0 : 1;
}

process.exitCode = await main();
