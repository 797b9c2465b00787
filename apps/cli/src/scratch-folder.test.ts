import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The acceptance test, run as a user would: a folder outside the
// workspace holding only loadout.config.mjs, reverse-ranker.mjs and
// team-mods.mjs (the docs' examples, copied), the built `loadout` command,
// the MCP SDK's own Client over stdio, and a real upstream MCP server.
const run = promisify(execFile);
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const examples = new URL('../../../docs/examples/', import.meta.url);
const weatherServer = fileURLToPath(new URL('../../../packages/mcp/src/__fixtures__/weather-server.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'loadout-scratch-'));

copyFileSync(fileURLToPath(new URL('reverse-ranker.mjs', examples)), join(scratch, 'reverse-ranker.mjs'));
copyFileSync(fileURLToPath(new URL('team-mods.mjs', examples)), join(scratch, 'team-mods.mjs'));
const tools = [
  { name: 'get', server: 'weather', description: 'Get a stored value by key' },
  { name: 'get_forecast', server: 'weather', description: 'Get the weather forecast for a city' },
  { name: 'send_alert', server: 'weather', description: 'Send a weather alert to subscribers' },
];
writeFileSync(join(scratch, 'tools.json'), JSON.stringify(tools));
writeFileSync(join(scratch, 'tools.jsonl'), tools.map((tool) => JSON.stringify(tool)).join('\n'));
writeFileSync(
  join(scratch, 'queries.jsonl'),
  [
    { id: 'q1', query: 'weather forecast', relevant: ['get_forecast'] },
    { id: 'q2', query: 'weather', relevant: ['get_forecast'] },
  ]
    .map((query) => JSON.stringify(query))
    .join('\n'),
);
writeFileSync(
  join(scratch, 'loadout.config.mjs'),
  `export default {
  ranker: 'reverse',
  rankerOptions: { matchAll: false },
  rankers: { reverse: './reverse-ranker.mjs' },
  plugins: ['./team-mods.mjs'],
  mods: [{ plugin: 'defer-weather', rules: [{ server: 'weather', isDeferred: true }] }],
  catalog: './tools.json',
  limit: 5,
  mcpServers: { weather: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(weatherServer)}] } },
};
`,
);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The user's configuration folder (trust records), kept in the scratch folder.
const home = { LOADOUT_CONFIG_HOME: join(scratch, '.config-home') };

async function loadout(args: readonly string[], env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, [main, ...args], { cwd: scratch, env: { PATH: process.env['PATH'] ?? '', ...home, ...env } });
  return stdout;
}

async function serve(env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'scratch-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [main, 'serve'], cwd: scratch, env: { PATH: process.env['PATH'] ?? '', ...home, ...env }, stderr: 'ignore' }));
  return client;
}

describe('a scratch folder with loadout.config.mjs, a ranker and a mod', () => {
  beforeAll(async () => {
    // The config runs code: the user trusts it once, as the refusal says.
    await expect(loadout(['search', 'weather'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('[config-untrusted]') });
    expect(await loadout(['trust'])).toMatch(/^trusted .*loadout\.config\.mjs/);
  });

  it('loadout search ranks with the reverse ranker over descriptions the mod rewrote', async () => {
    const result = JSON.parse(await loadout(['search', 'weather', '--json'])) as { ranker: string; hits: { name: string; description: string }[] };
    expect(result.ranker).toBe('reverse');
    // Every tool shares "weather"; reverse breaks the tie newest first.
    expect(result.hits.map((hit) => hit.name)).toEqual(['send_alert', 'get_forecast']);
    expect(result.hits[0]?.description).toBe('[team] Send a weather alert to subscribers');
  });

  it('loadout eval measures the reverse ranker', async () => {
    const result = JSON.parse(await loadout(['eval', '--tools', 'tools.jsonl', '--queries', 'queries.jsonl', '--json'])) as Record<string, unknown>;
    expect(result['ranker']).toBe('reverse');
    expect(result['recall@5']).toBe(1);
    // "weather" matches send_alert and get_forecast equally; reverse puts get_forecast second.
    expect(result['mrr@10']).toBe(0.75);
  });

  it('loadout plan applies the mods: the declarative one defers, the plug-in pins get_forecast and rewrites descriptions', async () => {
    const plan = JSON.parse(await loadout(['plan', '--json', '--env', 'ENABLE_TOOL_SEARCH=true'])) as { tools: { name: string; deferred: boolean; description: string; decidedBy?: string }[] };
    expect(plan.tools.map((tool) => [tool.name, tool.deferred])).toEqual([
      ['get', true],
      ['get_forecast', false],
      ['send_alert', true],
    ]);
    expect(plan.tools[1]).toMatchObject({ description: '[team] Get the weather forecast for a city', decidedBy: 'team-mods' });
  });

  it('loadout serve (stdio, no flags) serves the config\'s mcpServers with the ranker and the mod', async () => {
    const client = await serve();
    try {
      const listed = (await client.listTools()).tools;
      expect(listed.map((tool) => tool.name)).toEqual(['search_tools', 'call_tool', 'mcp__weather__get_forecast']);
      expect(listed[2]?.description).toBe('[team] Get the weather forecast for a city');
      const found = (await client.callTool({ name: 'search_tools', arguments: { query: 'weather' } })).structuredContent as { tools: { name: string; description: string }[] };
      expect(found.tools.map((tool) => tool.name)).toEqual(['mcp__weather__send_alert', 'mcp__weather__get_forecast']);
      expect(found.tools[0]?.description).toBe('[team] Send a weather alert to subscribers');
    } finally {
      await client.close();
    }
  });

  it('ENABLE_TOOL_SEARCH=false loadout serve lists every upstream tool upfront and no search_tools', async () => {
    const client = await serve({ ENABLE_TOOL_SEARCH: 'false' });
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual([
        'mcp__weather__get',
        'mcp__weather__get_forecast',
        'mcp__weather__send_alert',
        'mcp__weather__add_tools',
      ]);
    } finally {
      await client.close();
    }
  });
});

// The guides' commands (write-a-ranker.md, write-a-mod.md) on the embedded demo catalog, with
// their config: the trial found a pin of a tool the demo lacks and a search with no hit (decision 3451).
describe('the guides\' examples, on the embedded demo catalog', () => {
  const demo = mkdtempSync(join(tmpdir(), 'loadout-guides-'));
  afterAll(() => rmSync(demo, { recursive: true, force: true }));
  const inDemo = async (args: readonly string[]): Promise<string> =>
    (await run(process.execPath, [main, ...args], { cwd: demo, env: { PATH: process.env['PATH'] ?? '', LOADOUT_CONFIG_HOME: join(demo, '.config-home') } })).stdout;

  beforeAll(async () => {
    copyFileSync(fileURLToPath(new URL('reverse-ranker.mjs', examples)), join(demo, 'reverse-ranker.mjs'));
    copyFileSync(fileURLToPath(new URL('team-mods.mjs', examples)), join(demo, 'team-mods.mjs'));
    writeFileSync(
      join(demo, 'loadout.config.mjs'),
      `export default {
  ranker: 'reverse',
  rankers: { reverse: './reverse-ranker.mjs' },
  plugins: ['./team-mods.mjs'],
  mods: [{ plugin: 'defer-github', rules: [{ server: 'github', isDeferred: true }] }],
};
`,
    );
    await inDemo(['trust']);
  });

  it('loadout search "pull request" --json ranks with reverse over the team\'s descriptions', async () => {
    const result = JSON.parse(await inDemo(['search', 'pull request', '--json'])) as { ranker: string; hits: { name: string; description: string }[] };
    expect(result.ranker).toBe('reverse');
    expect(result.hits.map((hit) => hit.name)).toContain('create_pull_request');
    for (const hit of result.hits) expect(hit.description).toMatch(/^\[team\] /);
  });

  it('loadout plan pins create_pull_request over the declarative mod that defers github', async () => {
    const plan = JSON.parse(await inDemo(['plan', '--json'])) as { tools: { name: string; server?: string; deferred: boolean; decidedBy?: string }[] };
    const github = plan.tools.filter((tool) => tool.server === 'github');
    expect(github.filter((tool) => !tool.deferred).map((tool) => [tool.name, tool.decidedBy])).toEqual([['create_pull_request', 'team-mods']]);
  });
});
