import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BENCH_USAGE, parseBenchArgs } from './cli-args.js';
import { RESULTS_DIR, resolveDataDir } from './paths.js';
import { logProgress } from './progress-log.js';
import { runQuality } from './quality/run-quality.js';
import { runSpeed } from './speed/run-speed.js';

const PLAN_BENCH = new URL('./plan-bench.ts', import.meta.url);

/** Runs `plan-bench.ts`'s `runPlanBench(dataDir)` when the file exists (it is written separately). */
async function runPlan(dataDir: string): Promise<void> {
  if (!existsSync(fileURLToPath(PLAN_BENCH))) {
    logProgress('plan: skipped (benchmarks/src/plan-bench.ts does not exist yet)');
    return;
  }
  const specifier = './plan-bench.js';
  const module = (await import(specifier)) as { runPlanBench?: (dataDir: string) => unknown };
  if (typeof module.runPlanBench !== 'function') {
    logProgress('plan: skipped (plan-bench.ts exports no runPlanBench)');
    return;
  }
  logProgress('plan: running');
  await module.runPlanBench(dataDir);
}

/** Runs the parts named on the command line; returns the process exit code (0 ok, 1 a part failed, 2 bad flags). */
export async function runBenchmarks(argv: readonly string[]): Promise<number> {
  try {
    return await runParts(argv);
  } catch (error) {
    process.stderr.write(`[bench] failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function runParts(argv: readonly string[]): Promise<number> {
  let args;
  try {
    args = parseBenchArgs(argv);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${BENCH_USAGE}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${BENCH_USAGE}\n`);
    return 0;
  }
  const { dataDir, exists } = resolveDataDir(args.dataDir);
  for (const part of args.parts) {
    if (part === 'plan') {
      await runPlan(dataDir);
      continue;
    }
    if (!exists) {
      logProgress(`${part}: skipped: no eval data at ${dataDir} (pass --data DIR; the data is not part of the repository)`);
      continue;
    }
    if (part === 'quality') {
      await runQuality({
        dataDir,
        resultsDir: RESULTS_DIR,
        ...(args.sets === undefined ? {} : { sets: args.sets }),
        ...(args.rankers === undefined ? {} : { rankers: args.rankers }),
      });
    } else {
      await runSpeed({ dataDir, resultsDir: RESULTS_DIR });
    }
  }
  return 0;
}
