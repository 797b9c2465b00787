import { BENCH_USAGE, parseBenchArgs } from './cli-args.js';
import { RESULTS_DIR, resolveDataDir } from './paths.js';
import { logProgress } from './progress-log.js';
import { runQuality } from './quality/run-quality.js';
import { runSpeed } from './speed/run-speed.js';
import { runPlanBench } from './plan-bench.js';
import { runStartupBench } from './startup-bench.js';
import { writeResultsFile } from './report/results-file.js';

async function runThroughput(): Promise<void> {
  logProgress('throughput: gateway search_tools against a bare MCP SDK server, 8 clients over loopback HTTP, alternating rounds (at nice 10)');
  const { renice } = await import('./gateway/bench-processes.js');
  renice();
  const { runGatewayThroughput } = await import('./gateway/run-throughput.js');
  const result = await runGatewayThroughput({});
  process.stdout.write(`throughput ${JSON.stringify(result)}\n`);
}

/** The soak in a run of every part: 20,000 searches sampled every 500 (41 samples); `--only soak` runs the full 100,000. */
const SHORT_SOAK = { searches: 20_000, sampleEvery: 500 } as const;

async function runSoak(full: boolean): Promise<void> {
  logProgress(
    full
      ? 'soak: 100,000 gateway searches, 8 clients over loopback HTTP, rss sampled every 1,000 (at nice 10, at most 30 minutes)'
      : 'soak: 20,000 gateway searches, 8 clients over loopback HTTP, rss sampled every 500 (at nice 10; --only soak runs the full 100,000)',
  );
  const { renice } = await import('./gateway/bench-processes.js');
  renice();
  const { runGatewaySoak } = await import('./gateway/run-soak.js');
  const result = await runGatewaySoak(full ? {} : SHORT_SOAK);
  const { samples, ...summary } = result;
  process.stdout.write(`soak ${JSON.stringify({ ...summary, rssSamplesMb: samples.map((sample) => sample.rssMb) })}\n`);
  if (!result.rss.flat) throw new Error(`soak: the gateway's rss grew (${result.rss.slopeMbPer100k} MB per 100,000 searches)`);
}

async function runFuzz(): Promise<void> {
  const total = 100_000;
  logProgress(`fuzz: feeding ${total.toLocaleString('en-US')} generated inputs to the public parsers`);
  const { runParserFuzz } = await import('./fuzz/run-parser-fuzz.js');
  const started = Date.now();
  const result = runParserFuzz(total);
  for (const [name, counts] of Object.entries(result.perTarget)) {
    process.stdout.write(`fuzz ${name}: ${counts.inputs.toLocaleString('en-US')} inputs, ${counts.accepted} accepted, ${counts.refused} refused with a LoadoutError code\n`);
  }
  process.stdout.write(`fuzz: ${result.inputs.toLocaleString('en-US')} inputs in ${Math.round((Date.now() - started) / 1000)} s, ${result.failures.length} raised anything but a coded LoadoutError\n`);
  for (const failure of result.failures.slice(0, 20)) process.stdout.write(`fuzz failure in ${failure.target}: ${failure.error}\n`);
  if (result.failures.length > 0) throw new Error(`fuzz: ${result.failures.length} inputs raised an uncoded error`);
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
    if (part === 'throughput') {
      await runThroughput();
      continue;
    }
    if (part === 'soak') {
      await runSoak(args.only);
      continue;
    }
    if (part === 'serve-startup') {
      logProgress('serve-startup: timing loadout serve with stdio upstreams until an MCP SDK client lists its tools');
      const { runServeStartupBench } = await import('./serve-startup-bench.js');
      await runServeStartupBench(RESULTS_DIR);
      continue;
    }
    if (part === 'browser') {
      logProgress('browser: <loadout-search> time to first result at 10,000 tools, built against loaded, Chromium with 4x CPU throttling');
      await (await import('./browser/first-result-bench.js')).runFirstResultBench(RESULTS_DIR);
      continue;
    }
    if (part === 'wasm') {
      await (await import('./engines/run-engines.js')).runEngines(dataDir, RESULTS_DIR);
      continue;
    }
    if (part === 'replicas') {
      logProgress('replicas: loadout serve --http behind HAProxy against direct, stateless against session searches, the recorder with PostgreSQL up and down (at nice 10)');
      await (await import('./replicas/run-replicas.js')).runReplicasBench(RESULTS_DIR);
      continue;
    }
    if (part === 'fuzz') {
      await runFuzz();
      continue;
    }
    if (!exists) {
      logProgress(`${part}: skipped: no eval data at ${dataDir} (pass --data DIR; the data is not part of the repository)`);
      continue;
    }
    if (part === 'names') {
      const { runExactNames } = await import('./names/run-exact-names.js');
      const reports = await runExactNames({ dataDir, resultsDir: RESULTS_DIR, ...(args.sets === undefined ? {} : { sets: args.sets }) });
      if (reports.some((report) => report.passed < report.queries)) failed = true;
      continue;
    }
    if (part === 'learning') {
      const { leakedQueryCount, runLearning } = await import('./learning/run-learning.js');
      const run = await runLearning({
        dataDir,
        resultsDir: RESULTS_DIR,
        ...(args.sets === undefined ? {} : { sets: args.sets }),
        ...(args.learners === undefined ? {} : { learners: args.learners }),
      });
      if (leakedQueryCount(run) > 0) failed = true;
      continue;
    }
    if (part === 'rerank') {
      const { runRerank } = await import('./rerank/run-rerank.js');
      if (!(await runRerank({ dataDir, resultsDir: RESULTS_DIR, ...(args.sets === undefined ? {} : { sets: args.sets }) }))) failed = true;
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
  writeResultsFile(RESULTS_DIR);
  return failed ? 1 : 0;
}
