// Gateway search_tools throughput against its ceiling: a bare MCP SDK server
// in its own process on the same transport (the SDK's streamable HTTP
// server transport, default settings: SSE replies, one session per client),
// answering every search_tools call with the gateway's own answer to one
// query of the mix (the same bytes, about 12 KB with 5 tools; no ranking).
// The same 8 MCP SDK clients' process drives both with the same queries,
// after 1,000 warm-up searches each. Both are measured in one run, in
// alternating short rounds (ABBA order, so drift in the machine's load hits
// both alike), and the medians are reported with the median of the
// per-round ratios, and each process's CPU time per search.
import { percentile } from '@loadout/eval';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bounded, startGatewayUnderTest, type GatewayBenchSetup } from './bench-clients.js';
import { spawnBenchProcess, type BenchProcess } from './bench-processes.js';

/** Options of {@link runGatewayThroughput}. */
export interface GatewayThroughputOptions extends GatewayBenchSetup {
  /** Rounds, each timing both servers once. 1–100; default 20. */
  readonly rounds?: number;
  /**
   * What the bare server answers: `typical` (default), the gateway's own
   * answer to the query of the mix whose answer has the median size; `tiny`,
   * a one-word text result (the bare transport's ceiling with nothing to send).
   */
  readonly peerResult?: 'typical' | 'tiny';
  /** Searches per server per round. 1–1,000,000; default 800 (short rounds, so the two servers of a round see the same machine load). */
  readonly roundSearches?: number;
}

/** One round: req/s of each server. */
export interface ThroughputRound {
  readonly gatewayRps: number;
  readonly bareRps: number;
  readonly ratio: number;
  /** CPU time per search of the gateway process and of the bare server's, in ms. */
  readonly gatewayCpuMs: number;
  readonly bareCpuMs: number;
  /** CPU time per search of the clients' process (the same clients for both), against the gateway and against the bare server, in ms. */
  readonly clientsCpuMs: { readonly gateway: number; readonly bare: number };
}

/** What {@link runGatewayThroughput} measured. */
export interface GatewayThroughputResult {
  readonly tools: number;
  readonly concurrency: number;
  readonly startupMs: number;
  readonly roundSearches: number;
  /** What the bare server answered (see {@link GatewayThroughputOptions.peerResult}) and its size as JSON, in bytes. */
  readonly peerResult: 'typical' | 'tiny';
  readonly peerResultBytes: number;
  /** Sizes of the gateway's answers over the query mix, as JSON, in bytes. */
  readonly answerBytes: { readonly mean: number; readonly min: number; readonly max: number };
  readonly rounds: readonly ThroughputRound[];
  /** Medians over the rounds. */
  readonly gatewayRps: number;
  readonly bareRps: number;
  /** Median of the per-round gateway/bare ratios (target ≥ 0.9). */
  readonly ratio: number;
  /** Medians over the rounds of the servers' CPU time per search, in ms. */
  readonly gatewayCpuMs: number;
  readonly bareCpuMs: number;
  /** Median CPU time per search of the clients' process (against the gateway), in ms. */
  readonly clientsCpuMs: number;
}

const median = (values: readonly number[]): number => percentile(values, 50);

/** Runs the throughput comparison; prints one summary line and returns the figures. */
export async function runGatewayThroughput(options: GatewayThroughputOptions = {}): Promise<GatewayThroughputResult> {
  const rounds = bounded('rounds', options.rounds, 20, 1, 100);
  const roundSearches = bounded('roundSearches', options.roundSearches, 800, 1, 1_000_000);
  const underTest = await startGatewayUnderTest(options);
  const { clients } = underTest;
  let bareProcess: ReturnType<typeof spawnBenchProcess> | undefined;
  try {
    // The peer answers every call with a constant: by default the gateway's own answer of median size over the mix.
    const peerResult = options.peerResult ?? 'typical';
    if (peerResult !== 'typical' && peerResult !== 'tiny') throw new Error(`gateway bench: peerResult must be typical or tiny, got ${String(peerResult)}`);
    const answers: { text: string; bytes: number }[] = [];
    for (let index = 0; index < underTest.queryCount; index++) {
      const text = JSON.stringify(await underTest.search(clients[0]!, index));
      answers.push({ text, bytes: Buffer.byteLength(text) });
    }
    const bySize = [...answers].sort((a, b) => a.bytes - b.bytes);
    const constant = peerResult === 'tiny' ? JSON.stringify({ content: [{ type: 'text', text: 'ok' }] }) : bySize[Math.floor(bySize.length / 2)]!.text;
    const resultFile = join(underTest.folder, 'result.json');
    writeFileSync(resultFile, constant);
    const peer = spawnBenchProcess({ role: 'bare', resultFile });
    bareProcess = peer;
    const bareReady = await peer.nextMessage('ready');
    const bareClients = await underTest.connect(bareReady.url, clients.length);
    const warmup = Math.min(1000, roundSearches);
    await underTest.run(bareClients, warmup);
    await underTest.run(clients, warmup);
    const measured: ThroughputRound[] = [];
    const cpuMs = async (server: BenchProcess): Promise<number> => {
      const reply = server.nextMessage('cpu');
      server.send({ type: 'cpu' });
      return (await reply).ms;
    };
    // req/s of `pool`, and the CPU time per search of the process serving it.
    const ownCpuMs = (): number => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    };
    const rate = async (pool: typeof clients, server: BenchProcess): Promise<{ rps: number; cpu: number; clientsCpu: number }> => {
      const before = await cpuMs(server);
      const ownBefore = ownCpuMs();
      const ms = await underTest.run(pool, roundSearches);
      const clientsCpu = (ownCpuMs() - ownBefore) / roundSearches;
      return { rps: (roundSearches * 1000) / ms, cpu: ((await cpuMs(server)) - before) / roundSearches, clientsCpu };
    };
    const ms3 = (value: number): number => Math.round(value * 1000) / 1000;
    for (let round = 0; round < rounds; round++) {
      let gateway: Awaited<ReturnType<typeof rate>>;
      let bare: Awaited<ReturnType<typeof rate>>;
      if (round % 4 === 0 || round % 4 === 3) {
        bare = await rate(bareClients, peer);
        gateway = await rate(clients, underTest.gateway);
      } else {
        gateway = await rate(clients, underTest.gateway);
        bare = await rate(bareClients, peer);
      }
      measured.push({
        gatewayRps: Math.round(gateway.rps),
        bareRps: Math.round(bare.rps),
        ratio: Math.round((gateway.rps / bare.rps) * 100) / 100,
        gatewayCpuMs: ms3(gateway.cpu),
        bareCpuMs: ms3(bare.cpu),
        clientsCpuMs: { gateway: ms3(gateway.clientsCpu), bare: ms3(bare.clientsCpu) },
      });
      process.stderr.write(
        `[bench] throughput round ${round + 1}/${rounds}: gateway ${Math.round(gateway.rps)} req/s (${gateway.cpu.toFixed(3)} ms CPU per search), ` +
          `bare ${Math.round(bare.rps)} req/s (${bare.cpu.toFixed(3)} ms); clients ${gateway.clientsCpu.toFixed(3)} / ${bare.clientsCpu.toFixed(3)} ms CPU per search\n`,
      );
    }
    const result: GatewayThroughputResult = {
      tools: underTest.tools,
      concurrency: clients.length,
      startupMs: underTest.startupMs,
      roundSearches,
      peerResult,
      peerResultBytes: Buffer.byteLength(constant),
      answerBytes: {
        mean: Math.round(answers.reduce((sum, answer) => sum + answer.bytes, 0) / answers.length),
        min: bySize[0]!.bytes,
        max: bySize[bySize.length - 1]!.bytes,
      },
      rounds: measured,
      gatewayRps: Math.round(median(measured.map((round) => round.gatewayRps))),
      bareRps: Math.round(median(measured.map((round) => round.bareRps))),
      ratio: Math.round(median(measured.map((round) => round.ratio)) * 100) / 100,
      gatewayCpuMs: ms3(median(measured.map((round) => round.gatewayCpuMs))),
      bareCpuMs: ms3(median(measured.map((round) => round.bareCpuMs))),
      clientsCpuMs: ms3(median(measured.map((round) => round.clientsCpuMs.gateway))),
    };
    process.stdout.write(
      `gateway throughput, ${rounds} alternating rounds of ${roundSearches.toLocaleString('en-US')} search_tools calls per server, ${clients.length} clients over HTTP, ` +
        `${result.tools.toLocaleString('en-US')} tools: gateway ${result.gatewayRps.toLocaleString('en-US')} req/s, ` +
        `bare MCP SDK server with a constant result (${peerResult === 'tiny' ? 'tiny' : 'a typical gateway answer'}, ${result.peerResultBytes.toLocaleString('en-US')} bytes; ` +
        `gateway answers ${result.answerBytes.min.toLocaleString('en-US')}–${result.answerBytes.max.toLocaleString('en-US')}, mean ${result.answerBytes.mean.toLocaleString('en-US')}) ` +
        `${result.bareRps.toLocaleString('en-US')} req/s (medians), ` +
        `ratio ${result.ratio} (median per round; target ≥ 0.9; rounds ${measured.map((round) => round.ratio).join(' ')}); ` +
        `CPU per search: gateway ${result.gatewayCpuMs} ms, bare ${result.bareCpuMs} ms, the clients ${result.clientsCpuMs} ms; gateway startup ${result.startupMs} ms\n`,
    );
    return result;
  } finally {
    await bareProcess?.stop();
    await underTest.close();
  }
}
