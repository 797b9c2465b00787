import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withQuerySyntax } from '@loadout/core';
import { createEvalCatalog, createRankerByName, DEFAULT_RANKER_NAME, loadEvalSet } from '@loadout/eval';
import { logProgress } from '../progress-log.js';
import { checkExactNames } from './exact-name-check.js';
import type { ExactNameReport } from './exact-name-check.js';

/** Options of {@link runExactNames}. */
export interface RunExactNamesOptions {
  readonly dataDir: string;
  readonly resultsDir: string;
  /** The set whose every tool is named. Default `mix10k`. */
  readonly set?: string;
}

const percent = (part: number, whole: number): string => (whole === 0 ? '—' : ((100 * part) / whole).toFixed(2));

/**
 * The exact-name check on a whole eval catalog: every tool of the set in
 * every spelling, searched with the default ranker as the CLI runs it
 * (behind `withQuerySyntax`). Prints the pass rate and writes
 * `exact-names.json`; returns the report.
 */
export async function runExactNames(options: RunExactNamesOptions): Promise<ExactNameReport> {
  const setName = options.set ?? 'mix10k';
  logProgress(`names: loading ${setName}`);
  const evalSet = await loadEvalSet(join(options.dataDir, setName));
  const tools = createEvalCatalog(evalSet).tools;
  const inner = await createRankerByName(DEFAULT_RANKER_NAME);
  const ranker = withQuerySyntax(inner, { maxQueryLength: 1_000_000 });
  await ranker.index(tools);
  const started = performance.now();
  const report = checkExactNames(ranker as Parameters<typeof checkExactNames>[0], tools);
  const seconds = (performance.now() - started) / 1000;
  const lines = [
    `names  ${setName}: ${report.queries.toLocaleString('en-US')} exact-name queries (${tools.length.toLocaleString('en-US')} tools × spellings) in ${seconds.toFixed(1)} s`,
    `       named tools first: ${percent(report.passed, report.queries)}% (target 100); the tool itself at rank 1: ${percent(report.rankOne, report.queries)}% (${report.shared.toLocaleString('en-US')} queries name a tool others share)`,
    `       by spelling: ${Object.entries(report.bySpelling)
      .map(([kind, entry]) => `${kind} ${percent(entry.passed, entry.queries)}%`)
      .join(', ')}`,
    ...report.failures.map((failure) => `       miss: ${JSON.stringify(failure.query)} → ${failure.got.slice(0, 3).join(', ')} (wanted ${failure.tool})`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'exact-names.json'), `${JSON.stringify({ set: setName, seconds, ...report }, null, 2)}\n`);
  return report;
}
