import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogTool } from '@loadout/core';
import { createDemoCatalog } from '@loadout/demo-catalog';
import { createEvalCatalog, loadEvalSet } from '@loadout/eval';
import { createBuiltinRegistry } from '@loadout/rankers';
import { logProgress } from '../progress-log.js';
import { checkExactNames } from './exact-name-check.js';
import type { ExactNameReport } from './exact-name-check.js';

/** Options of {@link runExactNames}. */
export interface RunExactNamesOptions {
  readonly dataDir: string;
  readonly resultsDir: string;
  /** The sets whose every tool is named; `demo` is the embedded demo catalog. Default `['mix10k']`. */
  readonly sets?: readonly string[];
}

/** One set's exact-name check, as `exact-names.json` lists it. */
export interface ExactNameSetReport extends ExactNameReport {
  /** The set's name (`demo` for the embedded demo catalog). */
  readonly set: string;
  /** Tools in its catalog. */
  readonly tools: number;
  /** Time to search every spelling, in seconds. */
  readonly seconds: number;
}

const percent = (part: number, whole: number): string => (whole === 0 ? '—' : ((100 * part) / whole).toFixed(2));

async function loadTools(dataDir: string, set: string): Promise<readonly CatalogTool[]> {
  if (set === 'demo') return createDemoCatalog().tools;
  return createEvalCatalog(await loadEvalSet(join(dataDir, set))).tools;
}

async function checkSet(dataDir: string, set: string): Promise<ExactNameSetReport> {
  logProgress(`names: loading ${set}`);
  const tools = await loadTools(dataDir, set);
  const registry = createBuiltinRegistry();
  const ranker = await registry.createRanker(registry.defaultRanker, undefined, { maxQueryLength: 1_000_000 });
  await ranker.index(tools);
  const started = performance.now();
  const report = checkExactNames(ranker as Parameters<typeof checkExactNames>[0], tools);
  const seconds = (performance.now() - started) / 1000;
  const lines = [
    `names  ${set}: ${report.queries.toLocaleString('en-US')} exact-name queries (${tools.length.toLocaleString('en-US')} tools × spellings) in ${seconds.toFixed(1)} s`,
    `       named tools first: ${percent(report.passed, report.queries)}% (target 100; ${(report.queries - report.passed).toLocaleString('en-US')} misses); the tool itself at rank 1: ${percent(report.rankOne, report.queries)}% (${report.shared.toLocaleString('en-US')} queries name a tool others share)`,
    `       by spelling: ${Object.entries(report.bySpelling)
      .map(([kind, entry]) => `${kind} ${percent(entry.passed, entry.queries)}%`)
      .join(', ')}`,
    ...report.failures.map((failure) => `       miss: ${JSON.stringify(failure.query)} → ${failure.got.slice(0, 3).join(', ')} (wanted ${failure.tool})`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return { set, tools: tools.length, seconds, ...report };
}

/**
 * The exact-name check on whole catalogs: every tool of each set in every
 * spelling, searched with the default ranker as the CLI runs it (behind
 * `withQuerySyntax`). Prints each set's pass rate and writes
 * `exact-names.json` (`{"sets": [...]}`); returns the reports.
 */
export async function runExactNames(options: RunExactNamesOptions): Promise<ExactNameSetReport[]> {
  const reports: ExactNameSetReport[] = [];
  for (const set of options.sets ?? ['mix10k']) reports.push(await checkSet(options.dataDir, set));
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'exact-names.json'), `${JSON.stringify({ sets: reports }, null, 2)}\n`);
  return reports;
}
