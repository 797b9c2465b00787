// `pnpm bench -- --only replicas`: the gateway as a deployment runs it,
// `loadout serve --http` replicas of one config over the bench's synthetic
// 10,000-tool upstream, 8 clients, alternating rounds (ABBA) so drift in
// the machine's load hits both sides of each comparison alike:
//   1. one replica behind HAProxy against the same replica direct (target ≥ 0.85);
//   2. stateless searches (MCP SDK v2 client, 2026-07-28) against 2025-era
//      session searches (MCP SDK 1.x client), on the same replica;
//   3. the recorder's cost per search-then-call: a replica recording into a
//      throwaway PostgreSQL against one recording nothing, then with the
//      database stopped (events queue), as CPU time of the replica per call.
// A comparison whose tool is missing (haproxy, initdb) is skipped with the reason.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from '@loadout/eval';
import { bounded } from '../gateway/bench-clients.js';
import { SYNTHETIC_UPSTREAM, syntheticTools } from '../gateway/bench-processes.js';
import { connectClients, runPool, searchThenCallWork, searchWork, type ReplicaClient, type Work } from './replica-clients.js';
import { freePort, installed, processCpuMs, startHaproxy, startPostgres, startReplica, type Replica, type Running } from './replica-processes.js';

/** Options of {@link runReplicasBench}. */
export interface ReplicasBenchOptions {
  /** Rounds per comparison, each timing both sides once. 2–100; default 8. */
  readonly rounds?: number;
  /** Units of work (searches, or search-then-calls) per side per round. 10–100,000; default 400. */
  readonly roundWork?: number;
  /** Concurrent clients per side. 1–64; default 8. */
  readonly concurrency?: number;
  /** Tools of the synthetic upstream. 1–10,000; default 10,000. */
  readonly tools?: number;
}

/** One side of a comparison: medians over the rounds. */
export interface Side {
  readonly label: string;
  readonly perSecond: number;
  /** CPU time of the serving replica per unit of work, in ms. */
  readonly replicaCpuMs: number;
  /** CPU time per unit of work of every process on the path (clients, HAProxy when in front, replica), in ms. */
  readonly pathCpuMs: number;
}

/**
 * Two sides measured in alternating rounds: the median of the per-round
 * throughput ratios (a / b), and the ratio of the CPU time per unit of the
 * whole path (b / a: what a's throughput would be against b's on a machine
 * where CPU is the limit), which a loaded machine disturbs far less.
 */
export interface Comparison {
  readonly a: Side;
  readonly b: Side;
  readonly ratio: number;
  readonly ratios: readonly number[];
  readonly cpuRatio: number;
}

/** What {@link runReplicasBench} measured; a comparison that could not run says why. */
export interface ReplicasBenchResult {
  readonly generatedAt: string;
  readonly tools: number;
  readonly concurrency: number;
  readonly rounds: number;
  readonly roundWork: number;
  readonly loadBalancer: Comparison | { readonly skipped: string };
  readonly protocols: Comparison;
  readonly recorder:
    | {
        readonly up: Comparison;
        readonly down: Comparison;
        readonly costMs: { readonly up: number; readonly down: number };
        /** Search-then-calls the recording replica answered, and rows of `loadout_usage_events` once its queue drained (undefined without psql). */
        readonly calls: number;
        readonly rows?: number;
      }
    | { readonly skipped: string };
}

const median = (values: readonly number[]): number => percentile(values, 50);
const round2 = (value: number): number => Math.round(value * 100) / 100;
const round3 = (value: number): number => Math.round(value * 1000) / 1000;

interface Target {
  readonly label: string;
  readonly pool: readonly ReplicaClient[];
  /** The replica serving it. */
  readonly replica: Replica;
  /** Other processes on the path (HAProxy). */
  readonly via?: readonly Running[];
}

interface Measured {
  readonly perSecond: number;
  readonly replicaCpuMs: number;
  readonly pathCpuMs: number;
}

const ownCpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function measure(target: Target, work: Work, count: number): Promise<Measured> {
  const others = (target.via ?? []).map((process_) => process_.pid);
  const cpu = (): { replica: number; path: number } => {
    const replica = processCpuMs(target.replica.pid);
    return { replica, path: replica + ownCpuMs() + others.reduce((sum, pid) => sum + processCpuMs(pid), 0) };
  };
  const before = cpu();
  const ms = await runPool(target.pool, count, work);
  const after = cpu();
  return { perSecond: (count * 1000) / ms, replicaCpuMs: (after.replica - before.replica) / count, pathCpuMs: (after.path - before.path) / count };
}

/** Times `a` and `b` in alternating rounds (ABBA), after a warm-up of each. */
async function compare(a: Target, b: Target, work: Work, rounds: number, count: number, what: string): Promise<Comparison> {
  await runPool(a.pool, Math.min(count, 200), work);
  await runPool(b.pool, Math.min(count, 200), work);
  const sides = { a: [] as Measured[], b: [] as Measured[] };
  for (let index = 0; index < rounds; index++) {
    const first = index % 4 === 0 || index % 4 === 3 ? 'a' : 'b';
    const second = first === 'a' ? 'b' : 'a';
    sides[first].push(await measure(first === 'a' ? a : b, work, count));
    sides[second].push(await measure(second === 'a' ? a : b, work, count));
    const last = (side: 'a' | 'b') => sides[side][sides[side].length - 1]!;
    process.stderr.write(
      `[bench] replicas ${what} round ${index + 1}/${rounds}: ${a.label} ${Math.round(last('a').perSecond)}/s (${last('a').pathCpuMs.toFixed(2)} ms CPU), ` +
        `${b.label} ${Math.round(last('b').perSecond)}/s (${last('b').pathCpuMs.toFixed(2)} ms CPU)\n`,
    );
  }
  const side = (target: Target, measured: readonly Measured[]): Side => ({
    label: target.label,
    perSecond: Math.round(median(measured.map((entry) => entry.perSecond))),
    replicaCpuMs: round3(median(measured.map((entry) => entry.replicaCpuMs))),
    pathCpuMs: round3(median(measured.map((entry) => entry.pathCpuMs))),
  });
  const ratios = sides.a.map((entry, index) => round2(entry.perSecond / sides.b[index]!.perSecond));
  const sideA = side(a, sides.a);
  const sideB = side(b, sides.b);
  return { a: sideA, b: sideB, ratio: round2(median(ratios)), ratios, cpuRatio: round2(sideB.pathCpuMs / sideA.pathCpuMs) };
}

/** Runs the replicas bench; writes `replicas.md` into `resultsDir` and returns the figures. */
export async function runReplicasBench(resultsDir: string, options: ReplicasBenchOptions = {}): Promise<ReplicasBenchResult> {
  const rounds = bounded('rounds', options.rounds, 8, 2, 100);
  const roundWork = bounded('roundWork', options.roundWork, 400, 10, 100_000);
  const concurrency = bounded('concurrency', options.concurrency, 8, 1, 64);
  const toolCount = bounded('tools', options.tools, 10_000, 1, 10_000);
  const { demoQueries } = (await import('@loadout/demo-catalog')) as { demoQueries: readonly { query: string }[] };
  const queries = demoQueries.map((entry) => entry.query);
  const folder = mkdtempSync(join(tmpdir(), 'loadout-replicas-bench-'));
  const toolsFile = join(folder, 'tools.json');
  // No required arguments, so call_tool with {} passes the stateless argument check for any found tool.
  const tools = (await syntheticTools(toolCount)).map((tool) => ({ ...tool, inputSchema: { ...(tool as { inputSchema: object }).inputSchema, required: [] } }));
  writeFileSync(toolsFile, JSON.stringify(tools));
  writeFileSync(
    join(folder, 'mcp.json'),
    JSON.stringify({ mcpServers: { synthetic: { command: process.execPath, args: ['--input-type=module', '-e', SYNTHETIC_UPSTREAM, '--', toolsFile] } } }),
  );
  const running: Running[] = [];
  const clients: ReplicaClient[] = [];
  const connect = async (url: string, era: 'modern' | 'legacy'): Promise<ReplicaClient[]> => {
    const pool = await connectClients(url, concurrency, era);
    clients.push(...pool);
    return pool;
  };
  const searches = searchWork(queries);
  const calls = searchThenCallWork(queries);
  let postgres: ReturnType<typeof startPostgres> | undefined;
  try {
    const frontend = `127.0.0.1:${await freePort()}`;
    const replica = await startReplica({ folder, allowedHost: frontend });
    running.push(replica);
    const direct = await connect(replica.url, 'modern');

    let loadBalancer: ReplicasBenchResult['loadBalancer'];
    if (installed('haproxy')) {
      const proxy = await startHaproxy(folder, frontend, [replica]);
      running.push(proxy);
      const viaProxy = await connect(proxy.url, 'modern');
      loadBalancer = await compare({ label: 'behind HAProxy', pool: viaProxy, replica, via: [proxy] }, { label: 'direct', pool: direct, replica }, searches, rounds, roundWork, 'load balancer');
    } else loadBalancer = { skipped: 'haproxy is not installed (Debian package haproxy)' };

    const sessions = await connect(replica.url, 'legacy');
    const protocols = await compare(
      { label: 'stateless (2026-07-28, SDK v2 client)', pool: direct, replica },
      { label: '2025-era sessions (SDK 1.x client)', pool: sessions, replica },
      searches,
      rounds,
      roundWork,
      'protocols',
    );

    let recorder: ReplicasBenchResult['recorder'];
    if (installed('initdb') && installed('pg_ctl')) {
      postgres = startPostgres();
      const recording = await startReplica({ folder, record: postgres.url });
      running.push(recording);
      const on = { label: 'recording into PostgreSQL', pool: await connect(recording.url, 'modern'), replica: recording };
      const off = { label: 'recording nothing', pool: direct, replica };
      const up = await compare(on, off, calls, rounds, roundWork, 'recorder (database up)');
      postgres.pause();
      const down = await compare({ ...on, label: 'recording, PostgreSQL stopped' }, off, calls, rounds, roundWork, 'recorder (database down)');
      postgres.resume();
      const recordedCalls = 2 * (Math.min(roundWork, 200) + rounds * roundWork);
      // The queue writes what waited while the database was down once it is back.
      const database = postgres;
      const deadline = Date.now() + 30_000;
      let rows = database.count('loadout_usage_events');
      while (rows !== undefined && rows < recordedCalls && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        rows = database.count('loadout_usage_events');
      }
      const cost = (comparison: Comparison): number => round3(comparison.a.replicaCpuMs - comparison.b.replicaCpuMs);
      recorder = { up, down, costMs: { up: cost(up), down: cost(down) }, calls: recordedCalls, ...(rows === undefined ? {} : { rows }) };
    } else recorder = { skipped: 'PostgreSQL is not installed (initdb, pg_ctl: Debian package postgresql)' };

    const result: ReplicasBenchResult = { generatedAt: new Date().toISOString(), tools: toolCount, concurrency, rounds, roundWork, loadBalancer, protocols, recorder };
    const report = renderReplicas(result);
    process.stdout.write(`${report}\n`);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'replicas.md'), report);
    return result;
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    for (const process_ of running.reverse()) await process_.stop();
    postgres?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

function row(comparison: Comparison, unit: string): string[] {
  const side = (measured: Side): string =>
    `${measured.label}: ${measured.perSecond.toLocaleString('en-US')} ${unit}/s; CPU per ${unit.replace(/e?s$/, '')}: ${measured.pathCpuMs} ms on the path, ${measured.replicaCpuMs} ms in the replica`;
  return [side(comparison.a), side(comparison.b), `${comparison.cpuRatio} by CPU per unit; ${comparison.ratio} by throughput (median per round; rounds ${comparison.ratios.join(' ')})`];
}

/** The bench's section of RESULTS.md. */
export function renderReplicas(result: ReplicasBenchResult): string {
  const lines = [
    '# Replicas',
    '',
    `\`loadout serve --http\` over a synthetic upstream of ${result.tools.toLocaleString('en-US')} tools, ${result.concurrency} clients per side, ` +
      `${result.rounds} alternating rounds (ABBA) of ${result.roundWork.toLocaleString('en-US')} units of work per side; medians. ` +
      'CPU per unit counts every process on the path (the clients, HAProxy when in front, the replica): its ratio is what throughput comes to where CPU is the limit, ' +
      'and holds on a shared, loaded machine where the throughput of a round does not.',
    '',
    '| comparison | A | B | A / B |',
    '| --- | --- | --- | --- |',
  ];
  const table = (name: string, comparison: Comparison | { skipped: string }, unit: string): void => {
    if ('skipped' in comparison) lines.push(`| ${name} | skipped: ${comparison.skipped} | | |`);
    else {
      const [a, b, ratio] = row(comparison, unit);
      lines.push(`| ${name} | ${a} | ${b} | ${ratio} |`);
    }
  };
  table('one replica behind HAProxy / the same replica direct (target ≥ 0.85)', result.loadBalancer, 'searches');
  table('stateless searches / 2025-era session searches', result.protocols, 'searches');
  if ('skipped' in result.recorder) table('recorder', result.recorder, 'calls');
  else {
    table('search-then-call, recording into PostgreSQL / recording nothing', result.recorder.up, 'calls');
    table('search-then-call, recording with PostgreSQL stopped / recording nothing', result.recorder.down, 'calls');
    lines.push(
      '',
      `The recorder's cost per search-then-call, as replica CPU time: ${result.recorder.costMs.up} ms with the database up, ${result.recorder.costMs.down} ms with it stopped (events queued). ` +
        (result.recorder.rows === undefined
          ? 'Rows not counted (no psql).'
          : `Rows in \`loadout_usage_events\` once PostgreSQL was back: ${result.recorder.rows.toLocaleString('en-US')} of ${result.recorder.calls.toLocaleString('en-US')} recorded calls.`),
    );
  }
  return lines.join('\n');
}
