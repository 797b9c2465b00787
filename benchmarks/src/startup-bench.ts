import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from './paths.js';

/** One start-up case: a command line and its target as a multiple of bare `node -e 0`. */
interface StartupCase {
  readonly label: string;
  readonly args: readonly string[];
  readonly target?: number;
}

/** One measured case: median wall time of a whole process and its ratio to bare node in the same run. */
export interface StartupResult {
  readonly label: string;
  readonly medianMs: number;
  readonly ratio: number;
  readonly target?: number;
}

const MAIN = join(REPO_ROOT, 'apps/cli/dist/main.js');

const CASES: readonly StartupCase[] = [
  { label: 'node -e 0', args: ['-e', '0'] },
  { label: 'loadout --version', args: [MAIN, '--version'], target: 2 },
  { label: 'loadout --help', args: [MAIN, '--help'] },
  { label: 'loadout search "create a github issue"', args: [MAIN, 'search', 'create a github issue'], target: 4 },
  { label: 'loadout plan', args: [MAIN, 'plan'], target: 4 },
];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Wall time of whole `loadout` processes on the embedded catalog, from a
 * folder outside the workspace, against bare `node -e 0` in the same run:
 * rounds interleave the cases (so load on the machine hits all alike) after
 * one warm-up round (file cache), and each case reports its median.
 */
export function measureStartup(rounds = 15): StartupResult[] {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-startup-'));
  const times = CASES.map(() => [] as number[]);
  try {
    for (let round = -1; round < rounds; round++) {
      CASES.forEach((startupCase, index) => {
        const started = performance.now();
        const child = spawnSync(process.execPath, startupCase.args, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
        const elapsed = performance.now() - started;
        if (child.status !== 0) throw new Error(`${startupCase.label} exited ${child.status}: ${child.stderr.toString().slice(0, 500)}`);
        if (round >= 0) times[index]!.push(elapsed);
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const bare = median(times[0]!);
  return CASES.map((startupCase, index) => {
    const medianMs = median(times[index]!);
    return { label: startupCase.label, medianMs, ratio: medianMs / bare, ...(startupCase.target === undefined ? {} : { target: startupCase.target }) };
  });
}

/** The start-up table as Markdown. */
export function formatStartup(results: readonly StartupResult[], rounds: number): string {
  const rows = results.map((result) => {
    const verdict = result.target === undefined ? '' : result.ratio <= result.target ? `≤ ${result.target}× ✓` : `≤ ${result.target}× ✗`;
    return `| ${result.label} | ${result.medianMs.toFixed(0)} | ${result.ratio.toFixed(2)}× | ${verdict} |`;
  });
  return [
    `Start-up: median wall time of ${rounds} interleaved runs per command, embedded catalog, cwd outside the workspace`,
    '',
    '| command | median ms | vs node -e 0 | target |',
    '| --- | ---: | ---: | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Runs the start-up part of `pnpm bench`: prints the table and writes `startup.md` to `resultsDir`. */
export function runStartupBench(resultsDir: string, rounds = 15): StartupResult[] {
  const results = measureStartup(rounds);
  const table = formatStartup(results, rounds);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'startup.md'), table);
  process.stdout.write(`${table}`);
  return results;
}
