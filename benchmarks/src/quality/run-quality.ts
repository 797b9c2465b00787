import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { evaluateRanker, listEvalSets, loadEvalSet } from '@loadout/eval';
import type { Registry } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { createProgressReporter, logProgress } from '../progress-log.js';
import { formatPoints, markdownTable } from '../report/format.js';
import { renderQualityReport } from '../report/quality-report.js';
import type { QualityRun } from '../report/quality-run.js';

/** Options of {@link runQuality}. */
export interface RunQualityOptions {
  readonly dataDir: string;
  readonly resultsDir: string;
  /** Only these sets. Default: every set with a dev split. */
  readonly sets?: readonly string[];
  /** Only these rankers. Default: every registered ranker. */
  readonly rankers?: readonly string[];
  /** Where rankers are looked up. Default: the built-ins. */
  readonly registry?: Registry;
}

const SPLIT = 'dev';

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Evaluates every registered ranker on every eval set (dev split), writes
 * `report.md`, its SVG charts and `quality.json` to `resultsDir`, and prints
 * the Recall@5 table. A ranker that cannot be built is reported, not fatal.
 */
export async function runQuality(options: RunQualityOptions): Promise<QualityRun[]> {
  const available = (await listEvalSets(options.dataDir)).filter((set) => set.splits.includes(SPLIT));
  const unknownSet = options.sets?.find((name) => !available.some((set) => set.name === name));
  if (unknownSet !== undefined) {
    throw new Error(`no eval set "${unknownSet}" with a ${SPLIT} split in ${options.dataDir}; found: ${available.map((set) => set.name).join(', ')}`);
  }
  const sets = options.sets === undefined ? available : available.filter((set) => options.sets?.includes(set.name));
  const registry = options.registry ?? createBuiltinRegistry();
  const rankers: readonly string[] = options.rankers ?? registry.rankers.map((definition) => definition.name);
  for (const name of rankers) registry.ranker(name);
  const runs: QualityRun[] = [];
  for (const info of sets) {
    logProgress(`quality: loading ${info.name}`);
    const evalSet = await loadEvalSet(info.directory, { split: SPLIT });
    for (const name of rankers) {
      const label = `quality ${info.name} × ${name}`;
      try {
        // The bare ranker: the eval measures ranking, not the query syntax around it.
        const ranker = await registry.createRanker(name, undefined, false);
        const result = await evaluateRanker(ranker, evalSet, {
          onQueryError: 'count',
          onProgress: createProgressReporter(label),
        });
        logProgress(`${label}: Recall@5 ${formatPoints(result['recall@5'])}, NDCG@5 ${formatPoints(result['ndcg@5'])}, MRR@10 ${formatPoints(result['mrr@10'])}`);
        runs.push({ set: info.name, ranker: name, result });
      } catch (error) {
        logProgress(`${label}: failed: ${message(error)}`);
        runs.push({ set: info.name, ranker: name, error: message(error) });
      }
    }
  }
  await writeQualityResults(runs, options);
  return runs;
}

async function writeQualityResults(runs: readonly QualityRun[], options: RunQualityOptions): Promise<void> {
  const generatedAt = new Date().toISOString();
  const report = renderQualityReport(runs, { dataDir: options.dataDir, split: SPLIT, nodeVersion: process.version, generatedAt });
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'report.md'), report.markdown);
  for (const [file, svg] of Object.entries(report.charts)) await writeFile(join(options.resultsDir, file), svg);
  const json = { generatedAt, node: process.version, dataDir: options.dataDir, split: SPLIT, runs };
  await writeFile(join(options.resultsDir, 'quality.json'), `${JSON.stringify(json, null, 2)}\n`);
  const sets = [...new Set(runs.map((run) => run.set))];
  const rankers = [...new Set(runs.map((run) => run.ranker))];
  const rows = rankers.map((ranker) => [
    ranker,
    ...sets.map((set) => {
      const run = runs.find((item) => item.set === set && item.ranker === ranker);
      return run?.result === undefined ? '—' : `${formatPoints(run.result['recall@5'])} / ${formatPoints(run.result['ndcg@5'])} / ${formatPoints(run.result['mrr@10'])}`;
    }),
  ]);
  process.stdout.write(`\nQuality (${SPLIT}), Recall@5 / NDCG@5 / MRR@10:\n\n${markdownTable(['ranker', ...sets], rows)}\n\n`);
  process.stdout.write(`Wrote ${join(options.resultsDir, 'report.md')} and quality.json\n`);
}
