// Gateway search_tools throughput against its ceiling: a bare MCP SDK server
// in its own process on the same transport, answering every search_tools
// call with the gateway's own answer to one query (the same bytes, no
// ranking). Both are measured in one run, in alternating rounds (ABBA order,
// so drift in the machine's load hits both alike), and the medians are
// reported with the median of the per-round ratios.
import { percentile } from '@loadout/eval';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bounded, startGatewayUnderTest, type GatewayBenchSetup } from './bench-clients.js';
import { spawnBenchProcess } from './bench-processes.js';

/** Options of {@link runGatewayThroughput}. */
export interface GatewayThroughputOptions extends GatewayBenchSetup {
  /** Rounds, each timing both servers once. 1–100; default 8. */
  readonly rounds?: number;
  /** Searches per server per round. 1–1,000,000; default 2,000. */
  readonly roundSearches?: number;
}

/** One round: req/s of each server. */
export interface ThroughputRound {
  readonly gatewayRps: number;
  readonly bareRps: number;
  readonly ratio: number;
}

/** What {@link runGatewayThroughput} measured. */
export interface GatewayThroughputResult {
  readonly tools: number;
  readonly concurrency: number;
  readonly startupMs: number;
  readonly roundSearches: number;
  readonly rounds: readonly ThroughputRound[];
  /** Medians over the rounds. */
  readonly gatewayRps: number;
  readonly bareRps: number;
  /** Median of the per-round gateway/bare ratios (target ≥ 0.9). */
  readonly ratio: number;
}

const median = (values: readonly number[]): number => percentile(values, 50);

/** Runs the throughput comparison; prints one summary line and returns the figures. */
export async function runGatewayThroughput(options: GatewayThroughputOptions = {}): Promise<GatewayThroughputResult> {
  const rounds = bounded('rounds', options.rounds, 8, 1, 100);
  const roundSearches = bounded('roundSearches', options.roundSearches, 2000, 1, 1_000_000);
  const underTest = await startGatewayUnderTest(options);
  const { clients } = underTest;
  let bareProcess: ReturnType<typeof spawnBenchProcess> | undefined;
  try {
    // The peer answers every call with the gateway's own answer to one query, so both send the same bytes.
    const resultFile = join(underTest.folder, 'result.json');
    writeFileSync(resultFile, JSON.stringify(await underTest.search(clients[0]!, 0)));
    bareProcess = spawnBenchProcess({ role: 'bare', resultFile });
    const bareReady = await bareProcess.nextMessage('ready');
    const bareClients = await underTest.connect(bareReady.url, clients.length);
    const warmup = Math.min(1000, roundSearches);
    await underTest.run(bareClients, warmup);
    await underTest.run(clients, warmup);
    const measured: ThroughputRound[] = [];
    for (let round = 0; round < rounds; round++) {
      const rate = async (pool: typeof clients): Promise<number> => (roundSearches * 1000) / (await underTest.run(pool, roundSearches));
      let gatewayRps: number;
      let bareRps: number;
      if (round % 4 === 0 || round % 4 === 3) {
        bareRps = await rate(bareClients);
        gatewayRps = await rate(clients);
      } else {
        gatewayRps = await rate(clients);
        bareRps = await rate(bareClients);
      }
      measured.push({ gatewayRps: Math.round(gatewayRps), bareRps: Math.round(bareRps), ratio: Math.round((gatewayRps / bareRps) * 100) / 100 });
      process.stderr.write(`[bench] throughput round ${round + 1}/${rounds}: gateway ${Math.round(gatewayRps)} req/s, bare ${Math.round(bareRps)} req/s\n`);
    }
    const result: GatewayThroughputResult = {
      tools: underTest.tools,
      concurrency: clients.length,
      startupMs: underTest.startupMs,
      roundSearches,
      rounds: measured,
      gatewayRps: Math.round(median(measured.map((round) => round.gatewayRps))),
      bareRps: Math.round(median(measured.map((round) => round.bareRps))),
      ratio: Math.round(median(measured.map((round) => round.ratio)) * 100) / 100,
    };
    process.stdout.write(
      `gateway throughput, ${rounds} alternating rounds of ${roundSearches.toLocaleString('en-US')} search_tools calls per server, ${clients.length} clients over HTTP, ` +
        `${result.tools.toLocaleString('en-US')} tools: gateway ${result.gatewayRps.toLocaleString('en-US')} req/s, ` +
        `bare MCP SDK server with a constant result ${result.bareRps.toLocaleString('en-US')} req/s (medians), ` +
        `ratio ${result.ratio} (median per round; target ≥ 0.9; rounds ${measured.map((round) => round.ratio).join(' ')}); gateway startup ${result.startupMs} ms\n`,
    );
    return result;
  } finally {
    await bareProcess?.stop();
    await underTest.close();
  }
}
