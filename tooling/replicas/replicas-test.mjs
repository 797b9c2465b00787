#!/usr/bin/env node
// Three `loadout serve --http` replicas on loopback behind HAProxy (docs/deploy/haproxy.cfg), a throwaway
// PostgreSQL as the shared feedback store, driven by the SDK v2 client (2026-07-28, stateless) and the SDK 1.x
// client (2025-era session) at once. Needs Debian's haproxy and postgresql; run by .ci/run after the build:
//   node tooling/replicas/replicas-test.mjs
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fromMcp = createRequire(join(root, 'packages', 'mcp', 'package.json'));
const { Client, StreamableHTTPClientTransport } = await import(fromMcp.resolve('@modelcontextprotocol/client'));
const { Client: LegacyClient } = await import(fromMcp.resolve('@modelcontextprotocol/sdk/client/index.js'));
const { StreamableHTTPClientTransport: LegacyTransport } = await import(fromMcp.resolve('@modelcontextprotocol/sdk/client/streamableHttp.js'));
const pg = (await import(createRequire(join(root, 'packages', 'learn-postgres', 'package.json')).resolve('pg'))).default;

const main = join(root, 'apps', 'cli', 'dist', 'main.js');
const postgresScript = join(root, 'tooling', 'postgres', 'throwaway-postgres.sh');
const folder = mkdtempSync(join(tmpdir(), 'loadout-replicas-'));
const children = [];
const log = (message) => process.stderr.write(`replicas-test: ${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const port = () => 30000 + Math.floor(Math.random() * 20000);

async function waitFor(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

let database;
const replicas = [];
try {
  const started = execFileSync(postgresScript, ['start'], { encoding: 'utf8' });
  database = Object.fromEntries([...started.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1], match[2]]));
  const url = database.LOADOUT_TEST_POSTGRES_URL;
  log(`PostgreSQL at ${url}`);

  writeFileSync(join(folder, 'mcp.json'), JSON.stringify({ mcpServers: { weather: { command: process.execPath, args: [join(root, 'packages', 'mcp', 'src', '__fixtures__', 'weather-server.mjs')] } } }));
  const frontend = port();
  const startReplica = (index) => {
    const address = `127.0.0.1:${port()}`;
    const child = spawn(process.execPath, [main, 'serve', '--config', 'mcp.json', '--http', address, '--record', '--feedback', url, '--allowed-host', `127.0.0.1:${frontend}`], {
      cwd: folder,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    children.push(child);
    replicas[index] = { address, child, stderr: () => stderr };
  };
  for (let index = 0; index < 3; index++) startReplica(index);
  for (const replica of replicas) await waitFor(async () => (await fetch(`http://${replica.address}/healthz`, { signal: AbortSignal.timeout(1000) })).status === 200, `replica ${replica.address}`, 120_000);

  const config = readFileSync(join(root, 'docs', 'deploy', 'haproxy.cfg'), 'utf8')
    .replace('LOADOUT_FRONTEND', `127.0.0.1:${frontend}`)
    .replace('LOADOUT_SERVERS', replicas.map((replica, index) => `    server replica${index} ${replica.address} check`).join('\n'));
  writeFileSync(join(folder, 'haproxy.cfg'), config);
  const haproxy = spawn('haproxy', ['-db', '-f', join(folder, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(haproxy);
  const lb = `http://127.0.0.1:${frontend}/mcp`;
  await waitFor(async () => (await fetch(`http://127.0.0.1:${frontend}/healthz`, { signal: AbortSignal.timeout(1000) })).status === 200, 'HAProxy');
  log(`HAProxy at ${lb} in front of ${replicas.map((replica) => replica.address).join(', ')}`);

  const modern = async (target = lb) => {
    const client = new Client({ name: 'replicas-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(target)));
    return client;
  };
  const legacy = async () => {
    const client = new LegacyClient({ name: 'replicas-test-legacy', version: '1.0.0' });
    await client.connect(new LegacyTransport(new URL(lb)));
    return client;
  };
  const rows = async () => {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const result = await db.query('SELECT query, called FROM loadout_usage_events ORDER BY id');
    await db.end();
    return result.rows;
  };

  // 1. Both generations at once through the load balancer; a tool found through one replica is called through another.
  // 20 cities, two positives each: learn judges only on 35 events or more (folds of 7).
  const cities = ['paris', 'oslo', 'lima', 'cairo', 'tokyo', 'quito', 'perth', 'dakar', 'hanoi', 'bern', 'accra', 'sofia', 'riga', 'doha', 'kyiv', 'suva', 'baku', 'male', 'apia', 'rome'];
  const positives = [];
  const stateless = await modern();
  const session = await legacy();
  assert.equal(stateless.getNegotiatedProtocolVersion(), '2026-07-28');
  for (const [index, city] of cities.entries()) {
    // Worded as users ask, not as the tool is described: BM25F ranks send_alert first for it, so the log teaches something.
    const query = `umbrella tomorrow? weather in ${city}`;
    const found = await stateless.callTool({ name: 'search_tools', arguments: { query } });
    const { searchId, tools } = found.structuredContent;
    assert.ok(tools.some((tool) => tool.name === 'mcp__weather__get_forecast'), `search "${query}" lists get_forecast`);
    // Each stateless request is round-robined: the call lands on another replica than the search.
    const caller = index % 2 === 0 ? stateless : await modern();
    const called = await caller.callTool({ name: 'call_tool', arguments: { name: 'mcp__weather__get_forecast', arguments: { city }, searchId } });
    assert.notEqual(called.isError, true);
    if (caller !== stateless) await caller.close();
    positives.push(query);
    const warn = `storm warning: send an alert for ${city}`;
    const alert = await session.callTool({ name: 'search_tools', arguments: { query: warn } });
    assert.ok(alert.structuredContent.tools.some((tool) => tool.name === 'mcp__weather__send_alert'));
    await session.callTool({ name: 'mcp__weather__send_alert', arguments: { text: `storm over ${city}` } });
    positives.push(warn);
  }
  await waitFor(async () => (await rows()).length >= positives.length, 'every positive in loadout_usage_events', 10_000);
  assert.deepEqual((await rows()).map((row) => row.query).sort(), [...positives].sort());
  log(`${positives.length} search-then-call positives from both generations are rows of loadout_usage_events`);

  // 2. loadout learn --store postgres://… learns from every replica's events; the replicas rank with it without restarting.
  execFileSync(process.execPath, [main, 'catalog', 'pull', '--config', 'mcp.json', '--out', 'tools.json'], { cwd: folder, stdio: 'ignore' });
  const probe = 'umbrella tomorrow';
  const before = await stateless.callTool({ name: 'search_tools', arguments: { query: probe, limit: 1 } });
  const learnOutput = execFileSync(process.execPath, [main, 'learn', '--catalog', 'tools.json', '--store', url], { cwd: folder, encoding: 'utf8' });
  log(`loadout learn: ${learnOutput.split('\n')[0]}`);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const decision = (await db.query('SELECT decision FROM loadout_learned_decision')).rows[0]?.decision;
  assert.equal(decision?.enabled, true, `loadout learn switched learning on from the replicas' events (it said: ${learnOutput.trim().split('\n').pop()})`);
  await db.end();
  for (const replica of replicas) {
    const direct = await modern(`http://${replica.address}/mcp`);
    await waitFor(async () => {
      const after = await direct.callTool({ name: 'search_tools', arguments: { query: probe, limit: 1 } });
      return after.structuredContent.tools[0]?.name === 'mcp__weather__get_forecast';
    }, `replica ${replica.address} to rank with the learned decision`, 35_000);
    await direct.close();
  }
  log(`before learning "${probe}" found ${JSON.stringify(before.structuredContent.tools.map((tool) => tool.name))}; every replica now ranks get_forecast first, without a restart`);

  // 3. SIGKILL one replica under load from 20 clients: at most the requests in flight on it fail; a retry succeeds.
  const clients = await Promise.all(Array.from({ length: 20 }, () => modern()));
  let stop = false;
  let failed = 0;
  let retriedOk = 0;
  let retriedAgain = 0;
  let done = 0;
  const afterKill = [];
  let killedAt = Infinity;
  const work = Promise.all(clients.map(async (client, index) => {
    for (let round = 0; !stop; round++) {
      const query = `umbrella for client ${index} round ${round}`;
      const run = async () => {
        const found = await client.callTool({ name: 'search_tools', arguments: { query } });
        await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__weather__get_forecast', arguments: { city: 'oslo' }, searchId: found.structuredContent.searchId } });
      };
      const began = Date.now();
      try {
        await run();
      } catch {
        // Until HAProxy's checks mark the dead replica down (up to 3 s), a retry can meet it again, cut off on a
        // pooled connection: a client retries a few times with a pause, as any client of a replicated service would.
        failed += 1;
        for (let attempt = 1; ; attempt++) {
          await sleep(250 * attempt);
          try {
            await run();
            break;
          } catch (error) {
            if (attempt === 4) throw error;
            retriedAgain += 1;
          }
        }
        retriedOk += 1;
      }
      done += 1;
      if (began > killedAt + 1000) afterKill.push(query);
    }
  }));
  work.catch(() => {}); // awaited below, after the kill; a failure is reported there, not as an unhandled rejection
  await sleep(2000);
  replicas[1].child.kill('SIGKILL');
  killedAt = Date.now();
  log(`SIGKILL ${replicas[1].address} under load`);
  await sleep(4000);
  stop = true;
  await work;
  assert.ok(failed <= 20, `at most the requests in flight on the killed replica fail (${failed})`);
  assert.equal(retriedOk, failed, 'every failed request succeeded on retry');
  await waitFor(async () => {
    const stored = new Set((await rows()).map((row) => row.query));
    return afterKill.every((query) => stored.has(query));
  }, 'every positive recorded by the survivors', 10_000);
  log(`${done} search+call rounds from 20 clients; ${failed} failed when the replica died and succeeded on retry (${retriedAgain} retries met it again); the survivors recorded all ${afterKill.length} later positives`);

  // 3b. SIGTERM another replica under load, clients not retrying (3439): a request in flight on it is answered
  // gateway-shutting-down; everything it never ran (a refused connection; a 503 on a connection HAProxy kept
  // alive) HAProxy retries on the survivor, so no client sees a 502, a 503 or a cut connection.
  let cutOff = 0;
  const otherFailures = [];
  let termDone = 0;
  stop = false;
  const termWork = clients.map(async (client, index) => {
    for (let round = 0; !stop; round++) {
      try {
        const found = await client.callTool({ name: 'search_tools', arguments: { query: `umbrella at shutdown ${index}.${round}` } });
        await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__weather__get_forecast', arguments: { city: 'oslo' }, searchId: found.structuredContent.searchId } });
        termDone += 1;
      } catch (error) {
        const message = String(error?.message ?? error);
        if (/gateway-shutting-down/.test(message) && /cut off before its answer/.test(message) && !/POSTing/.test(message)) cutOff += 1;
        else otherFailures.push(`${error?.code ?? ''} ${message.slice(0, 200)}`);
      }
    }
  });
  await sleep(1500);
  replicas[2].child.kill('SIGTERM');
  log(`SIGTERM ${replicas[2].address} under load`);
  await sleep(4000);
  stop = true;
  await Promise.all(termWork);
  assert.deepEqual(otherFailures, [], 'nothing but the requests in flight on the stopping replica failed');
  assert.ok(cutOff <= 20, `at most the requests in flight on the stopping replica were answered gateway-shutting-down (${cutOff})`);
  log(`${termDone} search+call rounds from 20 clients across a SIGTERM; ${cutOff} in flight answered gateway-shutting-down, no other failure`);

  // 4. Restart PostgreSQL under load: searches never wait on it, and no queued event is lost.
  const queued = [];
  let slowest = 0;
  stop = false;
  const load = clients.slice(0, 5).map(async (client, index) => {
    for (let round = 0; !stop; round++) {
      const query = `umbrella during restart ${index}.${round}`;
      const began = Date.now();
      const found = await client.callTool({ name: 'search_tools', arguments: { query } });
      slowest = Math.max(slowest, Date.now() - began);
      await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__weather__get_forecast', arguments: { city: 'lima' }, searchId: found.structuredContent.searchId } });
      queued.push(query);
      await sleep(20);
    }
  });
  await sleep(500);
  execFileSync(postgresScript, ['restart', database.LOADOUT_TEST_POSTGRES_DIR]);
  await sleep(1500);
  stop = true;
  await Promise.all(load);
  await waitFor(async () => {
    const stored = new Set((await rows()).map((row) => row.query));
    return queued.every((query) => stored.has(query));
  }, 'every event queued during the restart', 20_000);
  assert.ok(slowest < 1000, `searches never waited on the database (slowest ${slowest} ms)`);
  log(`PostgreSQL restarted under load: ${queued.length} positives all stored; slowest search ${slowest} ms`);
  await Promise.all(clients.map((client) => client.close()));
  await stateless.close();
  await session.close();
  log('ok');
} catch (error) {
  for (const replica of replicas) if (replica !== undefined) process.stderr.write(`--- ${replica.address}\n${replica.stderr().slice(-2000)}\n`);
  throw error;
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  if (database !== undefined) execFileSync(postgresScript, ['stop', database.LOADOUT_TEST_POSTGRES_DIR]);
  rmSync(folder, { recursive: true, force: true });
}
