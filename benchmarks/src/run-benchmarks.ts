import { BENCH_USAGE, parseBenchArgs } from './cli-args.js';
import { RESULTS_DIR, resolveDataDir } from './paths.js';
import { logProgress } from './progress-log.js';
import { runQuality } from './quality/run-quality.js';
import { runSpeed } from './speed/run-speed.js';
import { runPlanBench } from './plan-bench.js';
import { runStartupBench } from './startup-bench.js';

async function runGateway(): Promise<void> {
  logProgress('gateway: running (10,000 tools, concurrent search_tools over loopback)');
  const { runGatewayBench } = await import('./gateway-bench.js');
  const result = await runGatewayBench({});
  process.stdout.write(`gateway ${JSON.stringify(result)}\n`);
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
  let failed = false;
  for (const part of args.parts) {
    if (part === 'plan') {
      runPlanBench(dataDir);
      continue;
    }
    if (part === 'startup') {
      logProgress('startup: timing whole loadout processes against node -e 0');
      runStartupBench(RESULTS_DIR);
      continue;
    }
    if (part === 'gateway') {
      await runGateway();
      continue;
    }
    if (!exists) {
      logProgress(`${part}: skipped: no eval data at ${dataDir} (pass --data DIR; the data is not part of the repository)`);
      continue;
    }
    if (part === 'names') {
      const { runExactNames } = await import('./names/run-exact-names.js');
      const report = await runExactNames({ dataDir, resultsDir: RESULTS_DIR });
      if (report.passed < report.queries) failed = true;
      continue;
    }
    if (part === 'learning') {
      const { runLearning } = await import('./learning/run-learning.js');
      const results = await runLearning({ dataDir, resultsDir: RESULTS_DIR, ...(args.sets === undefined ? {} : { sets: args.sets }) });
      if (results.some((result) => result.leakedQueries > 0)) failed = true;
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
  return failed ? 1 : 0;
}
