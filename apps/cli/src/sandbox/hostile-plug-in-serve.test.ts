import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 34 item 5 on the gateway: `loadout serve` with a ranker plug-in that loops, hangs,
// exhausts its memory or throws on some queries. Each such search fails alone (one over its
// time budget is answered by bm25f since decision 3441, every other failure of the plug-in's
// since 3459); the client's next search is answered by the same gateway process.
const main = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const hostile = fileURLToPath(new URL('./__fixtures__/hostile-ranker.mjs', import.meta.url));
const loopingMod = fileURLToPath(new URL('./__fixtures__/looping-mod.mjs', import.meta.url));
const weatherServer = fileURLToPath(new URL('../../../../packages/mcp/src/__fixtures__/weather-server.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'loadout-hostile-serve-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
/** Writes a config as NAME/loadout.config.json and returns its path for --config. */
function writeConfig(name: string, value: unknown): string {
  mkdirSync(join(folder, name));
  writeFileSync(join(folder, name, 'loadout.config.json'), JSON.stringify(value));
  return `${name}/loadout.config.json`;
}
const weather = { weather: { command: process.execPath, args: [weatherServer] } };
const gateway = writeConfig('gateway', { ranker: 'hostile', rankers: { hostile }, mcpServers: weather });
const indexThrows = writeConfig('index-throws', { ranker: 'hostile', rankerOptions: { throwIn: 'index' }, rankers: { hostile }, mcpServers: weather });
const createThrows = writeConfig('create-throws', { ranker: 'hostile', rankerOptions: { throwIn: 'create' }, rankers: { hostile }, mcpServers: weather });
const loopingModConfig = writeConfig('looping-mod', { plugins: [loopingMod], mcpServers: weather });
// A copy of the plug-in, edited while serve runs.
mkdirSync(join(folder, 'plug-in'));
const editable = join(folder, 'plug-in', 'hostile-ranker.mjs');
copyFileSync(hostile, editable);
const editedConfig = writeConfig('edited', { ranker: 'hostile', rankers: { hostile: editable }, mcpServers: weather });

/** What the gateway last started wrote on stderr. */
let served = '';

async function connect(config = gateway): Promise<Client> {
  const client = new Client({ name: 'hostile-plug-in-test', version: '1.0.0' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [main, 'serve', '--config', config], cwd: folder, env: { PATH: process.env['PATH'] ?? '' }, stderr: 'pipe' });
  served = '';
  transport.stderr?.on('data', (chunk: Buffer) => (served += chunk.toString('utf8')));
  await client.connect(transport);
  return client;
}

async function search(client: Client, query: string): Promise<{ isError: boolean; text: string; names: string[] }> {
  const result = await client.callTool({ name: 'search_tools', arguments: { query } }, undefined, { timeout: 60_000 });
  const structured = result.structuredContent as { tools?: { name: string }[] } | undefined;
  const content = result.content as { type: string; text?: string }[];
  return { isError: result.isError === true, text: content.map((part) => part.text ?? '').join(' '), names: (structured?.tools ?? []).map((tool) => tool.name) };
}

describe('loadout serve with a hostile ranker plug-in', () => {
  it('answers the searches that loop, hang, run out of memory or throw with bm25f, and keeps serving', async () => {
    const client = await connect();
    try {
      expect((await search(client, 'forecast')).names).toEqual(['mcp__weather__get_forecast']);
      // Decision 3441: a search over its 2 s budget is answered by bm25f (nothing in the catalog matches these words).
      for (const query of ['loop', 'hang']) {
        expect(await search(client, query), query).toEqual({ isError: false, text: `No tools matched ${JSON.stringify(query)}.`, names: [] });
        expect((await search(client, 'forecast')).names).toEqual(['mcp__weather__get_forecast']);
      }
      // Out of memory is ranker-failed when the heap fills before the time budget, else a timeout: bm25f answers either.
      expect(await search(client, 'oom')).toEqual({ isError: false, text: 'No tools matched "oom".', names: [] });
      expect((await search(client, 'forecast')).names).toEqual(['mcp__weather__get_forecast']);
      // Decision 3450: a search the plug-in throws in (ranker-invalid-result) is answered by bm25f too, the failure logged.
      expect(await search(client, 'throw')).toEqual({ isError: false, text: 'No tools matched "throw".', names: [] });
      expect((await search(client, 'forecast')).names).toEqual(['mcp__weather__get_forecast']);
      // Trial item 4: the operator sees each failure too, with its code and the ranker's name; and each search bm25f answered.
      expect(served.match(/loadout serve warn: ranker "hostile" did not answer a search within its 2000 ms search budget, so the built-in ranker "bm25f" answered it; the next search goes to "hostile" again \[ranker-timeout\]\n/g)?.length).toBeGreaterThanOrEqual(2);
      // Retrial (decision 3455): the search bm25f answered was also logged as "search failed": one line says both.
      expect(served).not.toMatch(/search failed: [^\n]*\[ranker-invalid-result\]/);
      expect(served.match(/loadout serve warn: [^\n]*ranker "hostile" threw instead of returning results[^\n]*\n/g)).toEqual([
        'loadout serve warn: search_tools: ranker "hostile" threw instead of returning results: plug-in bug [ranker-invalid-result], so the built-in ranker "bm25f" answered it\n',
      ]);
    } finally {
      await client.close();
    }
  }, 120_000);

  // Decision 3459: each such search was answered with the error (ranker-failed) until an index succeeded.
  it('a ranker whose index throws: the gateway serves, each search is answered by bm25f, one warning naming the ranker and the operation', async () => {
    const client = await connect(indexThrows);
    try {
      expect((await search(client, 'forecast')).names).toEqual(['mcp__weather__get_forecast']);
      expect((await search(client, 'send an alert')).names).toContain('mcp__weather__send_alert');
      expect(served).toContain('ranker "hostile" failed while indexing: index bug [ranker-failed]; the built-in ranker answers search_tools, each search trying to index again, until one succeeds');
      expect(served.match(/loadout serve warn: [^\n]*\[ranker-failed\][^\n]*\n/g)).toEqual([
        'loadout serve warn: search_tools: ranker "hostile" failed while indexing: index bug [ranker-failed], so the built-in ranker "bm25f" answered it\n',
      ]);
      expect(served).not.toContain(' at ');
      // Everything else is served as ever.
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('search_tools');
    } finally {
      await client.close();
    }
  }, 120_000);

  // Decision 3429: a ranker that could not start left the gateway without one (each search answered its error).
  it('a ranker whose create throws: the gateway ranks with bm25f instead, says so once naming the ranker and the code, and answers every search', async () => {
    const client = await connect(createThrows);
    try {
      expect((await search(client, 'forecast')).names).toEqual(['mcp__weather__get_forecast']);
      // The plug-in would loop on this query; bm25f answers it.
      expect(await search(client, 'loop')).toMatchObject({ isError: false });
      expect((await search(client, 'send an alert')).names).toContain('mcp__weather__send_alert');
      expect(served).toMatch(/loadout serve warn: ranker "hostile" could not start, so the built-in ranker "bm25f" ranks instead until restarted: ranker "hostile" failed while being created: create bug \[ranker-failed\]\n/);
      expect(served.match(/could not start/g)).toHaveLength(1);
    } finally {
      await client.close();
    }
  }, 120_000);

  it('a mod that loops is stopped at its budget and turned off; the gateway serves every search', async () => {
    const client = await connect(loopingModConfig);
    try {
      for (const query of ['forecast', 'send an alert', 'forecast']) {
        const found = await search(client, query);
        expect(found.isError, query).toBe(false);
        expect(found.names.length, query).toBeGreaterThan(0);
      }
    } finally {
      await client.close();
    }
  }, 120_000);

  // Decision 3459: a search whose worker crashed (process.exit in the plug-in's search, twice: the search is run once
  // more on a new worker) failed for its client with ranker-failed, and so did the other searches in flight.
  it('a plug-in whose worker crashes: every search is answered, the crash ones by bm25f, with one warning', async () => {
    const client = await connect();
    try {
      const queries = Array.from({ length: 16 }, (_, index) => (index % 2 === 0 ? 'exit forecast' : 'forecast'));
      const results = await Promise.all(queries.map((query) => search(client, query)));
      for (const [index, result] of results.entries()) {
        expect(result.isError, `${queries[index]}: ${result.text}`).toBe(false);
        expect(result.names, queries[index]).toContain('mcp__weather__get_forecast');
      }
      // The plug-in ranks again afterwards: its worker was started again.
      expect((await search(client, 'send alert')).names).toEqual(['mcp__weather__send_alert']);
      expect(served.match(/loadout serve warn: [^\n]*\[ranker-failed\][^\n]*\n/g)).toEqual([
        'loadout serve warn: search_tools: ranker "hostile" stopped: its worker exited (code 7); the next call starts it again [ranker-failed], so the built-in ranker "bm25f" answered it\n',
      ]);
      expect(served).not.toMatch(/search failed/);
    } finally {
      await client.close();
    }
  }, 120_000);

  // Decision 3459: once its module was edited, a crashed worker could not start again (config-untrusted), and every
  // search failed so until serve was restarted.
  it('a plug-in edited while serve runs, then crashed: every search is answered by bm25f, one warning says it changed and what to do', async () => {
    const client = await connect(editedConfig);
    try {
      expect((await search(client, 'forecast')).names).toEqual(['mcp__weather__get_forecast']);
      appendFileSync(editable, '\n// edited while loadout serve runs\n');
      // The running worker keeps the bytes it started with.
      expect((await search(client, 'send alert')).names).toEqual(['mcp__weather__send_alert']);
      // Its crash: the worker is not started again from the edited file; bm25f answers, and every search after.
      expect((await search(client, 'exit forecast')).names).toContain('mcp__weather__get_forecast');
      for (const query of ['forecast', 'send alert', 'forecast']) {
        const found = await search(client, query);
        expect(found.isError, `${query}: ${found.text}`).toBe(false);
        expect(found.names.length, query).toBeGreaterThan(0);
      }
      const warned = served.match(/loadout serve warn: [^\n]*\[config-untrusted\][^\n]*\n/g) ?? [];
      expect(warned).toHaveLength(1);
      expect(warned[0]).toContain(`search_tools: ranker "hostile": ${editable} was not loaded again: it changed since the config was loaded and checked; review it, run \`loadout trust\` again where its config asks for it, and restart [config-untrusted], so the built-in ranker "bm25f" answered it`);
    } finally {
      await client.close();
    }
  }, 120_000);
});
