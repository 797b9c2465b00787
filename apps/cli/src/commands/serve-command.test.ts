import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLoadoutError } from '@loadout/core';
import { connectUpstream } from '@loadout/mcp';
import { sealLearnedDecision } from '@loadout/learn';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { createServeCommand, parseHttpAddress, serveCommand } from './serve-command.js';

// The misbehaving MCP server of @loadout/mcp's tests is the upstream.
const mcpFixtures = new URL('../../../../packages/mcp/src/__fixtures__/', import.meta.url);
const misbehaving = fileURLToPath(new URL('misbehaving-server.mjs', mcpFixtures));
const builtMain = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
// A PostgreSQL server that refuses every connection with one SQLSTATE (@loadout/learn-postgres's tests' fixture).
const refusingPostgres = fileURLToPath(new URL('../../../../packages/learn-postgres/src/__fixtures__/refusing-postgres.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'loadout-serve-command-'));
const configPath = join(folder, 'mcp.json');
writeFileSync(configPath, JSON.stringify({ mcpServers: { tools: { command: process.execPath, args: [misbehaving] } } }));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function refusal(argv: string[], env: Record<string, string> = {}): Promise<Error & { code?: string }> {
  const { context } = fakeContext({ cwd: folder, env });
  const error = await serveCommand.run(argv, context).catch((reason: unknown) => reason);
  if (!isLoadoutError(error)) throw new Error(`expected a LoadoutError, got ${String(error)}`);
  return error;
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('loadout serve', () => {
  it.each([
    [['--config', 'mcp.json', '--token', 'abc'], /never pass a token on the command line/],
    [['--config', 'mcp.json', '--token=abc'], /never pass a token on the command line/],
    [['--http', '8080'], /no "mcpServers" to serve/],
    [['--config', 'mcp.json', '--http', '0.0.0.0:0'], /refusing to listen on 0.0.0.0.*--host-unsafe \(and require a token with --token-env VAR: without one, anyone/],
    [['--config', 'mcp.json', '--http', '8080', '--token-env', 'NOT_SET_ANYWHERE'], /--token-env NOT_SET_ANYWHERE: the variable is not set or empty/],
    [['--config', 'mcp.json', '--token-env', 'X'], /--token-env applies to --http only/],
    [['--config', 'mcp.json', '--allowed-origin', 'http://a.example'], /--allowed-origin applies to --http only/],
    [['--config', 'mcp.json', '--http', 'localhost:99999'], /--http port 99999 is out of range: a port is 0-65535/],
    [['--config', 'mcp.json', '--http', '70000'], /--http port 70000 is out of range: a port is 0-65535 \(0 picks a free one\)/],
    [['--config', 'mcp.json', '--http', 'localhost:123456'], /--http must be PORT or HOST:PORT/],
    [['--config', 'mcp.json', '--log-level', 'loud'], /--log-level must be one of/],
    [['--config', 'mcp.json', '--limit', '0'], /--limit must be an integer from 1 to 100/],
    [['--config', 'mcp.json', '--session-idle-timeout', '5000'], /--session-idle-timeout applies to --http only/],
    [['--config', 'mcp.json', '--http', '0', '--session-idle-timeout', '5'], /--session-idle-timeout must be an integer from 100 to 86400000/],
    [['--config', 'mcp.json', '--http', '0', '--max-sessions', '10', '--max-sessions-per-address', '11'], /--max-sessions-per-address must be an integer from 1 to 10/],
    [['--config', 'mcp.json', '--calls', 'some'], /--calls must be one of any, found, got "some"/],
    [['--config', 'mcp.json', '--max-connections', '10'], /--max-connections applies to --http only/],
    [['--config', 'mcp.json', '--session-grace', '10'], /--session-grace applies to --http only/],
    [['--config', 'mcp.json', '--http', '0', '--session-idle-timeout', '1000', '--session-grace', '2000'], /--session-grace must be an integer from 0 to 1000/],
    [['--config', 'mcp.json', '--http', '0', '--max-connections', '10', '--max-connections-per-address', '11'], /--max-connections-per-address must be an integer from 1 to 10/],
    [['--config', 'mcp.json', '--http', '0', '--request-timeout', '2000', '--headers-timeout', '3000'], /--headers-timeout must be an integer from 1000 to 2000/],
    [['--config', 'mcp.json', '--http', '0', '--max-response', '100'], /--max-response must be an integer from 65536 to 1073741824/],
    [['--config', 'mcp.json', '--http', '0', '--token-env', 'GOOD_TOKEN', '--token-env', 'NOT_SET_ANYWHERE'], /--token-env NOT_SET_ANYWHERE: the variable is not set or empty/],
    [['--config', 'mcp.json', '--feedback', 'postgres://u:pw@h:port/db'], /^--feedback postgres:\/\/\*\*\*@h:port\/db is not a valid URL/],
    // 3442: no host was localhost over TCP (psql would use the socket); a port of 0 failed only at the first connection.
    [['--config', 'mcp.json', '--record', '--feedback', 'postgres://loadout:pw@/loadout?sslmode=disable'], /^--feedback postgres:\/\/\*\*\*@\/loadout\?sslmode=\*\*\* is not a valid URL/],
    [['--config', 'mcp.json', '--record', '--feedback', 'postgres:///loadout'], /^--feedback postgres:\/\/\/loadout names no host: node-postgres would connect to localhost over TCP, where psql would use the local socket; name it: /],
    [['--config', 'mcp.json', '--record', '--feedback', 'postgres://loadout:pw@127.0.0.1:0/loadout'], /^--feedback postgres:\/\/\*\*\*@127\.0\.0\.1:0\/loadout has port "0": a port is a number from 1 to 65535$/],
    // Trial 3437: another scheme was a file path (folders "mysql:/u:pw@h/" created, the password logged).
    [['--config', 'mcp.json', '--record', '--feedback', 'mysql://u:pw@h/db'], /^--feedback mysql:\/\/\*\*\*@h\/db is not a supported feedback store: give a file path, or a postgres:\/\/ or postgresql:\/\/ URL$/],
  ])('refuses %j', async (argv, pattern) => {
    const error = await refusal(argv, { GOOD_TOKEN: 'a-long-enough-token' });
    expect(error.code).toBe('invalid-option');
    expect(error.message).toMatch(pattern);
  });

  it('refuses an unknown key inside an mcpServers entry of loadout.config.json, with a did-you-mean, before spawning (trial 3420)', async () => {
    const own = mkdtempSync(join(tmpdir(), 'loadout-serve-keys-'));
    try {
      writeFileSync(join(own, 'loadout.config.json'), JSON.stringify({ mcpServers: { tools: { command: process.execPath, agrs: [misbehaving] } } }));
      const { context } = fakeContext({ cwd: own });
      const error = await serveCommand.run(['--config', 'loadout.config.json'], context).catch((reason: unknown) => reason as { code?: string; message: string });
      expect(error).toMatchObject({ code: 'config-unknown-key' });
      expect((error as Error).message).toMatch(/loadout\.config\.json: server "tools": unknown key "agrs"; did you mean "args"\?/);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });

  it('--record with nothing to serve fails before creating a store', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'loadout-serve-empty-'));
    try {
      const { context } = fakeContext({ cwd: empty });
      const error = await serveCommand.run(['--record'], context).catch((reason: unknown) => reason);
      expect(isLoadoutError(error) && error.message).toMatch(/no "mcpServers" to serve/);
      expect(existsSync(join(empty, '.loadout'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses a --ready-file it cannot write before spawning any upstream', async () => {
    const marker = join(folder, 'ready-file-spawned');
    writeFileSync(join(folder, 'marker.json'), JSON.stringify({ mcpServers: { s: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`] } } }));
    const error = await refusal(['--config', 'marker.json', '--ready-file', 'no-such-folder/ready.txt']);
    expect(error.code).toBe('file-unwritable');
    expect(error.message).toBe('cannot write no-such-folder/ready.txt: ENOENT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(marker)).toBe(false);
  });

  it('--help states the call policy and every connection bound with its default', async () => {
    const { context, stdout } = fakeContext({ cwd: folder });
    expect(await serveCommand.run(['--help'], context)).toBe(0);
    const help = stdout().replace(/\s+/g, ' ');
    expect(help).toContain('Search is not an access boundary');
    const flags: readonly (readonly [string, string])[] = [
      ['--calls any|found', 'default any'],
      ['--max-connections N', 'default 1024'],
      ['--max-connections-per-address N', 'default 512'],
      ['--headers-timeout MS', 'default 10000'],
      ['--request-timeout MS', 'default 30000'],
      ['--max-response BYTES', 'default 16777216'],
      ['--session-grace MS', 'default 30000'],
    ];
    for (const [flag, fallback] of flags) {
      expect(help).toContain(flag);
      expect(help.slice(help.indexOf(flag), help.indexOf(flag) + 400)).toContain(fallback);
    }
  });

  it('reads --http as PORT, HOST:PORT or [IPv6]:PORT', () => {
    expect(parseHttpAddress('8765')).toEqual({ host: '127.0.0.1', port: 8765 });
    expect(parseHttpAddress('localhost:0')).toEqual({ host: 'localhost', port: 0 });
    expect(parseHttpAddress('[::1]:9000')).toEqual({ host: '::1', port: 9000 });
    expect(() => parseHttpAddress('http://x:1')).toThrow(/--http must be/);
  });

  it('serves streamable HTTP with a bearer token from the environment until shut down', async () => {
    let stop: () => void = () => {};
    const shutdown = new Promise<void>((resolve) => (stop = resolve));
    const command = createServeCommand({ waitForShutdown: () => shutdown });
    const { context, stderr, stdout } = fakeContext({ cwd: folder, env: { GATEWAY_TOKEN: 'a-long-enough-token' } });
    const running = command.run(['--config', 'mcp.json', '--http', '127.0.0.1:0', '--token-env', 'GATEWAY_TOKEN', '--call-timeout', '300'], context);
    await waitFor(() => /serving MCP over streamable HTTP at (\S+)/.test(stderr()), 'the listening line');
    const url = /serving MCP over streamable HTTP at (\S+)/.exec(stderr())![1]!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(stderr()).not.toMatch(/no bearer token/);

    // connectUpstream is the MCP SDK's Client with its streamable HTTP / stdio transport.
    const refused = await connectUpstream({ type: 'http', url, headers: {}, alwaysLoad: false }, { timeoutMs: 5000 }).catch(
      (reason: unknown) => reason as { data?: { status?: number } },
    );
    expect((refused as { data?: { status?: number } }).data?.status).toBe(401);

    const client = await connectUpstream(
      { type: 'http', url, headers: { authorization: 'Bearer a-long-enough-token' }, alwaysLoad: false },
      { timeoutMs: 5000 },
    );
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'echo a text message', limit: 1 } });
    expect((found.structuredContent as { tools: { name: string }[] }).tools[0]?.name).toBe('mcp__tools__echo_text');
    const echoed = await client.callTool({ name: 'mcp__tools__echo_text', arguments: { text: 'via loadout serve' } });
    expect((echoed.content as { text: string }[])[0]?.text).toBe('echo: via loadout serve');
    const hung = await client.callTool({ name: 'mcp__tools__hang_forever', arguments: {} }).catch((reason: unknown) => reason as Error);
    expect((hung as Error).message).toMatch(/did not answer within 300 ms/);
    await client.close();

    stop();
    expect(await running).toBe(0);
    expect(stderr()).toMatch(/shutting down/);
    expect(stdout()).toBe('');
  });

  it('skips a server marked "disabled": true: never started, listed or callable, one info line (trial 3468, #13)', async () => {
    writeFileSync(
      join(folder, 'disabled.json'),
      JSON.stringify({ mcpServers: { on: { command: process.execPath, args: [misbehaving] }, off: { command: process.execPath, args: [misbehaving], disabled: true } } }),
    );
    let stop: () => void = () => {};
    const shutdown = new Promise<void>((resolve) => (stop = resolve));
    const command = createServeCommand({ waitForShutdown: () => shutdown });
    const { context, stderr } = fakeContext({ cwd: folder });
    const running = command.run(['--config', 'disabled.json', '--http', '127.0.0.1:0'], context);
    await waitFor(() => /serving MCP over streamable HTTP at (\S+)/.test(stderr()), 'the listening line');
    const url = /serving MCP over streamable HTTP at (\S+)/.exec(stderr())![1]!;
    const client = await connectUpstream({ type: 'http', url, headers: {}, alwaysLoad: false }, { timeoutMs: 5000 });
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'echo a text message', limit: 10 } });
    const names = (found.structuredContent as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(names).toContain('mcp__on__echo_text');
    expect(names.filter((name) => name.startsWith('mcp__off__'))).toEqual([]);
    const called = await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__off__echo_text', arguments: { text: 'x' } } }).catch((reason: unknown) => reason);
    expect(JSON.stringify(called)).not.toContain('echo: x');
    await client.close();
    stop();
    expect(await running).toBe(0);
    expect(stderr().match(/server "off" is skipped: it is marked "disabled": true/g)).toHaveLength(1);
    expect(stderr()).not.toMatch(/upstream "off"|unknown key "disabled"/);
    expect(stderr()).toMatch(/upstream "on": ready/);
  });

  it('records search-then-call usage with --record, and ranks with what loadout learn learned with --feedback', async () => {
    const store = join(folder, 'usage', 'feedback.jsonl');
    const serve = async (extra: string[]) => {
      let stderr = '';
      const client = await connectUpstream(
        { type: 'stdio', command: process.execPath, env: {}, alwaysLoad: false, cwd: folder, args: [builtMain, 'serve', '--config', configPath, ...extra] },
        { timeoutMs: 15_000, stderr: (line) => (stderr += `${line}\n`) },
      );
      return { client, stderr: () => stderr };
    };
    const recording = await serve(['--record', '--feedback', store]);
    const found = await recording.client.callTool({ name: 'search_tools', arguments: { query: 'repeat my words as a text message' } });
    expect((found.structuredContent as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toContain('mcp__tools__echo_text');
    // A 2026-07-28 client has no session: the search's searchId, passed back to call_tool, ties the call to it.
    const { searchId } = found.structuredContent as { searchId: string };
    await recording.client.callTool({ name: 'call_tool', arguments: { name: 'mcp__tools__echo_text', arguments: { text: 'once' }, searchId } });
    await recording.client.callTool({ name: 'call_tool', arguments: { name: 'mcp__tools__echo_text', arguments: { text: 'twice, same search' }, searchId } });
    await recording.client.close();
    // The gateway writes what it queued before it exits (stdin closed).
    await waitFor(() => existsSync(store) && readFileSync(store, 'utf8').includes('\n'), 'the recorded event');
    const stored = readFileSync(store, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { query: string; called: string[] });
    expect(stored.map(({ query, called }) => ({ query, called }))).toEqual([{ query: 'repeat my words as a text message', called: ['mcp__tools__echo_text'] }]);
    expect(recording.stderr()).toMatch(/loadout serve info: no learning decision at .*learned\.json \(run loadout learn\); serving without usage/);
    expect(recording.stderr()).toMatch(/recording usage \(search-then-call positives\) to /);

    // Words no tool has find nothing without usage; with a decision that switched learning on (the usage field
    // alone), the past query's words find the tool called after it.
    const plain = await serve([]);
    const before = await plain.client.callTool({ name: 'search_tools', arguments: { query: 'repeat my words' } });
    expect((before.structuredContent as { tools: unknown[] }).tools).toEqual([]);
    await plain.client.close();
    writeFileSync(join(folder, 'usage', 'learned.json'), sealLearnedDecision({ enabled: true, usageWeight: 1 }));
    const learned = await serve(['--feedback', store]);
    const again = await learned.client.callTool({ name: 'search_tools', arguments: { query: 'repeat my words', limit: 1 } });
    expect((again.structuredContent as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toEqual(['mcp__tools__echo_text']);
    await learned.client.close();
    expect(learned.stderr()).toMatch(/ranking with what loadout learn learned from /);

    // A decision learned for rerank: unnamed, serve ranks with rerank, quietly; --ranker bm25f warns (3467).
    writeFileSync(join(folder, 'usage', 'learned.json'), sealLearnedDecision({ enabled: true, usageWeight: 1, ranker: 'rerank' }));
    for (const [extra, warned] of [[[], false], [['--ranker', 'bm25f'], true]] as const) {
      const other = await serve(['--feedback', store, ...extra]);
      await other.client.callTool({ name: 'search_tools', arguments: { query: 'repeat my words', limit: 1 } });
      await other.client.close();
      expect(other.stderr().includes('was learned and judged for ranker "rerank", and never for "bm25f"') && other.stderr().includes('[learned-other-ranker]')).toBe(warned);
      expect(other.stderr()).toMatch(/ranking with what loadout learn learned from /);
    }
  }, 60_000);

  it.each([
    [['--record'], /^loadout serve warn: the feedback store postgres:\/\/\*\*\*@127\.0\.0\.1:1\/loadout is unavailable: connect ECONNREFUSED 127\.0\.0\.1:1; serving without the learned decision until it answers \(then re-indexing with it\); usage events are queued meanwhile$/m],
    [[], /^loadout serve warn: the feedback store postgres:\/\/\*\*\*@127\.0\.0\.1:1\/loadout is unavailable: connect ECONNREFUSED 127\.0\.0\.1:1; serving without the learned decision until it answers \(then re-indexing with it\)$/m],
  ])('serves %j --feedback of a database that is down, saying so in one warning (trial 3437: exit 2 [store-unavailable])', async (extra, warning) => {
    let stop: () => void = () => {};
    const shutdown = new Promise<void>((resolve) => (stop = resolve));
    const command = createServeCommand({ waitForShutdown: () => shutdown });
    const { context, stderr } = fakeContext({ cwd: folder });
    const running = command.run(['--config', 'mcp.json', '--http', '127.0.0.1:0', ...extra, '--feedback', 'postgres://loadout:s3cretPW@127.0.0.1:1/loadout'], context);
    await waitFor(() => /serving MCP over streamable HTTP at (\S+)/.test(stderr()), 'the listening line');
    const url = /serving MCP over streamable HTTP at (\S+)/.exec(stderr())![1]!;
    const client = await connectUpstream({ type: 'http', url, headers: {}, alwaysLoad: false }, { timeoutMs: 5000 });
    const found = await client.callTool({ name: 'search_tools', arguments: { query: 'echo a text message', limit: 1 } });
    expect((found.structuredContent as { tools: { name: string }[] }).tools[0]?.name).toBe('mcp__tools__echo_text');
    await client.close();
    stop();
    expect(await running).toBe(0);
    expect(stderr()).toMatch(warning);
    expect(stderr().match(/unavailable/g)).toHaveLength(1);
    expect(stderr()).not.toMatch(/s3cretPW|\[store-unavailable\]/);
  }, 30_000);

  // 3442: a wrong password or an unknown database only warned, and the replica served as if the database were down.
  it.each([
    [['--record'], '28P01', 'password authentication failed for user "loadout"', /; check the password \(PGPASSWORD, ~\/\.pgpass, or the URL\) and the user name$/],
    [[], '3D000', 'database "nodb" does not exist', /; check the database name in the URL, or create the database \(createdb\)$/],
  ])('refuses %j --feedback of a database that refuses it for good (%s): store-unavailable saying what to fix, no password', async (extra, sqlstate, message, fix) => {
    const child = spawn(process.execPath, [refusingPostgres, sqlstate, message], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const port = await new Promise<number>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
      const { context, stderr } = fakeContext({ cwd: folder });
      const error = await serveCommand.run(['--config', 'mcp.json', ...extra, '--feedback', `postgres://loadout:s3cretPW@127.0.0.1:${port}/nodb`], context).catch((reason: unknown) => reason);
      expect(isLoadoutError(error) && error.code).toBe('store-unavailable');
      expect((error as Error).message).toMatch(new RegExp(`^the feedback store postgres://\\*\\*\\*@127\\.0\\.0\\.1:${port}/nodb refuses Loadout: ${message} \\(SQLSTATE ${sqlstate}\\)`));
      expect((error as Error).message).toMatch(fix);
      expect(`${(error as Error).message}${stderr()}`).not.toMatch(/s3cretPW/);
      expect(stderr()).not.toMatch(/serving MCP/);
    } finally {
      child.kill();
    }
  }, 30_000);

  it('refuses --max-feedback without a store, and a store it cannot write before spawning', async () => {
    expect((await refusal(['--config', 'mcp.json', '--max-feedback', '4096'])).message).toMatch(/--max-feedback applies to --feedback or --record only/);
    writeFileSync(join(folder, 'not-a-folder'), '');
    const error = await refusal(['--config', 'mcp.json', '--record', '--feedback', 'not-a-folder/feedback.jsonl']);
    expect(error.code).toBe('file-unwritable');
  });

  it('serves stdio with only MCP messages on stdout', async () => {
    // The built CLI (`pnpm build` first; `pnpm test` builds) as an MCP client spawns it, from a folder outside the
    // workspace: it answers in about a second. Running the sources through tsx in the child instead compiled some
    // 250 modules before the handshake and overran the timeout on a loaded machine.
    let stderr = '';
    const client = await connectUpstream(
      { type: 'stdio', command: process.execPath, env: {}, alwaysLoad: false, cwd: folder, args: [builtMain, 'serve', '--config', configPath] },
      { timeoutMs: 15_000, stderr: (line) => (stderr += `${line}\n`) },
    );
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(['search_tools', 'call_tool', 'mcp__tools__pinned_status']);
    const result = await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__tools__echo_text', arguments: { text: 'stdio' } } });
    expect((result.content as { text: string }[])[0]?.text).toBe('echo: stdio');
    await client.close();
    expect(stderr).toMatch(/loadout serve info: serving MCP over stdio/);
    expect(stderr).toMatch(/loadout serve warn: upstream "tools": skipped a malformed tool/);
  });
});
