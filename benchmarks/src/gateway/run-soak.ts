// A bounded soak of the gateway: 100,000 search_tools calls (by default) from
// 8 MCP SDK clients over HTTP, the gateway's resident memory sampled after
// full collections every 1,000 searches, judged flat or growing after a
// warm-up. Bounded in time: it stops at `maxMinutes` and says how far it got.
import { performance } from 'node:perf_hooks';
import { bounded, startGatewayUnderTest, type GatewayBenchSetup } from './bench-clients.js';
import { memoryFlatness, type MemoryFlatness, type MemoryPoint } from './memory-flatness.js';

/** Options of {@link runGatewaySoak}. */
export interface GatewaySoakOptions extends GatewayBenchSetup {
  /** Searches after the warm-up. 1–10,000,000; default 100,000. */
  readonly searches?: number;
  /** Searches before the first sample. 0–1,000,000; default 5,000. */
  readonly warmup?: number;
  /** Searches between samples. 1–1,000,000; default 1,000. */
  readonly sampleEvery?: number;
  /** Wall-clock bound of the searches, in minutes. 1–600; default 30. */
  readonly maxMinutes?: number;
}

/** Abandoned sessions opened first, as the issue's lock-out check: 150 SDK clients that close() without DELETE. */
const ABANDONED_SESSIONS = 150;

/** What {@link runGatewaySoak} measured. */
export interface GatewaySoakResult {
  readonly tools: number;
  readonly concurrency: number;
  readonly startupMs: number;
  /** SDK clients that opened a session and closed it without DELETE before the soak's clients connected (and searched). */
  readonly abandonedSessions: number;
  readonly abandonedMs: number;
  readonly warmup: number;
  /** Searches run after the warm-up (fewer than asked when the time bound stopped it). */
  readonly searches: number;
  readonly stoppedByTime: boolean;
  readonly wallMs: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** RSS and heap after every `sampleEvery` searches, the first right after the warm-up. */
  readonly samples: readonly (MemoryPoint & { readonly heapMb: number })[];
  readonly rss: MemoryFlatness;
  readonly heap: MemoryFlatness;
}

const mb = (bytes: number): number => Math.round((bytes / 1_048_576) * 10) / 10;

/** Runs the soak; prints a summary and returns the figures. */
export async function runGatewaySoak(options: GatewaySoakOptions = {}): Promise<GatewaySoakResult> {
  const searches = bounded('searches', options.searches, 100_000, 1, 10_000_000);
  const warmup = bounded('warmup', options.warmup, 5000, 0, 1_000_000);
  const sampleEvery = bounded('sampleEvery', options.sampleEvery, 1000, 1, 1_000_000);
  const maxMinutes = bounded('maxMinutes', options.maxMinutes, 30, 1, 600);
  const underTest = await startGatewayUnderTest({ abandonedSessions: ABANDONED_SESSIONS, ...options });
  const { clients, gateway } = underTest;
  try {
    const sample = async (at: number): Promise<MemoryPoint & { heapMb: number }> => {
      const reply = gateway.nextMessage('memory');
      gateway.send({ type: 'memory' });
      const { rss, heapUsed } = await reply;
      return { at, rssMb: mb(rss), heapMb: mb(heapUsed) };
    };
    await underTest.run(clients, warmup);
    const samples = [await sample(0)];
    const latencies = new Float64Array(searches);
    const deadline = performance.now() + maxMinutes * 60_000;
    let done = 0;
    let stoppedByTime = false;
    let lastReport = performance.now();
    const started = performance.now();
    // In chunks of `sampleEvery`, so each sample sees the gateway between bursts of the same size.
    while (done < searches) {
      if (performance.now() > deadline) {
        stoppedByTime = true;
        break;
      }
      const chunk = Math.min(sampleEvery, searches - done);
      const offset = done;
      await underTest.run(clients, chunk, (index, ms) => {
        latencies[offset + index] = ms;
      });
      done += chunk;
      samples.push(await sample(done));
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        process.stderr.write(`[bench] soak: ${done.toLocaleString('en-US')}/${searches.toLocaleString('en-US')} searches, rss ${samples.at(-1)!.rssMb} MB\n`);
      }
    }
    const wallMs = performance.now() - started;
    const measured = latencies.subarray(0, done).sort();
    const percentile = (fraction: number): number => Math.round(measured[Math.min(done - 1, Math.floor(fraction * done))]! * 100) / 100;
    const rss = memoryFlatness(samples);
    const heap = memoryFlatness(samples.map((point) => ({ at: point.at, rssMb: point.heapMb })));
    const result: GatewaySoakResult = {
      tools: underTest.tools,
      concurrency: clients.length,
      startupMs: underTest.startupMs,
      abandonedSessions: underTest.abandoned?.sessions ?? 0,
      abandonedMs: underTest.abandoned?.ms ?? 0,
      warmup,
      searches: done,
      stoppedByTime,
      wallMs: Math.round(wallMs),
      requestsPerSecond: Math.round((done / wallMs) * 1000),
      p50Ms: percentile(0.5),
      p99Ms: percentile(0.99),
      samples,
      rss,
      heap,
    };
    const every = Math.max(1, Math.floor(samples.length / 10));
    process.stdout.write(
      `gateway sessions: ${result.abandonedSessions} MCP SDK clients opened a session and close()d without DELETE in ${result.abandonedMs} ms ` +
        `(default caps 100, 50 per address); then ${clients.length} new clients connected and searched\n` +
        `gateway soak, ${result.tools.toLocaleString('en-US')} tools, ${clients.length} clients over HTTP: ${done.toLocaleString('en-US')} search_tools calls after a ` +
        `${warmup.toLocaleString('en-US')}-search warm-up${stoppedByTime ? ` (stopped by the ${maxMinutes}-minute bound)` : ''} in ${Math.round(wallMs / 1000)} s, ` +
        `${result.requestsPerSecond.toLocaleString('en-US')} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms\n` +
        `gateway soak rss: ${samples.filter((_, index) => index % every === 0 || index === samples.length - 1).map((point) => point.rssMb).join(' → ')} MB ` +
        `(${samples.length} samples every ${sampleEvery.toLocaleString('en-US')} searches); slope ${rss.slopeMbPer100k} MB per 100,000 searches, ` +
        `last/first quarter ${rss.lastToFirstRatio}, growth ${rss.growthMb} MB: ${rss.flat ? 'flat' : 'GROWING'}\n` +
        `gateway soak heap: ${samples[0]!.heapMb} → ${samples.at(-1)!.heapMb} MB; slope ${heap.slopeMbPer100k} MB per 100,000 searches, last/first quarter ${heap.lastToFirstRatio}: ` +
        `${heap.flat ? 'flat' : 'GROWING'}\n`,
    );
    return result;
  } finally {
    await underTest.close();
  }
}
