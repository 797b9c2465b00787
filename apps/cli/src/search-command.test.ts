import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

const directory = mkdtempSync(join(tmpdir(), 'loadout-search-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
writeFileSync(
  join(directory, 'tools.jsonl'),
  [
    { name: 'get_weather', server: 'weather', description: 'Current weather and forecast for a city' },
    { name: 'send_email', server: 'mail', description: 'Send an email message to a recipient' },
    { name: 'find_symbol', server: 'code', description: 'Locate a definition in the code base' },
  ]
    .map((tool) => JSON.stringify(tool))
    .join('\n'),
);

interface SearchJson {
  ranker: string;
  hits: { rank: number; tool: string; name: string; explanation?: { matchedTerms: string[] } }[];
}

describe('loadout search', () => {
  // Ranker trial F12 (decision 3466): 2-6 s on a 10,193-tool catalog with an empty stderr (the line was for a terminal only).
  it("says a large catalog's indexing as it begins, as eval does, on stderr only; nothing for a small one", async () => {
    const tools = Array.from({ length: 5000 }, (_, index) => JSON.stringify({ name: `tool_${index}`, server: `s${index % 50}`, description: `Does task number ${index}` }));
    writeFileSync(join(directory, 'large.jsonl'), tools.join('\n'));
    const large = fakeContext({ cwd: directory });
    expect(await runCli(['search', 'task number 7', '--catalog', 'large.jsonl', '--json', '--no-config'], large.context)).toBe(0);
    expect(large.stderr()).toBe('loadout search: indexing 5,000 tools with bm25f\n');
    expect(JSON.parse(large.stdout()).tools).toBe(5000);
    const small = fakeContext({ cwd: directory });
    expect(await runCli(['search', 'weather', '--catalog', 'tools.jsonl', '--no-config'], small.context)).toBe(0);
    expect(small.stderr()).toBe('');
  });

  it('ranks the demo catalog by default', async () => {
    const run = fakeContext();
    expect(await runCli(['search', 'open', 'a', 'pull', 'request'], run.context)).toBe(0);
    expect(run.stdout()).toMatch(/1\s+[\d.]+\s+mcp__github__create_pull_request/);
  });

  it('says it searches the demo catalog when the config names MCP servers but no catalog', async () => {
    const folder = join(directory, 'servers-only');
    mkdirSync(folder);
    writeFileSync(join(folder, 'loadout.config.json'), JSON.stringify({ mcpServers: { fs: { command: 'mcp-server-filesystem' } } }));
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'read a file'], run.context)).toBe(0);
    expect(run.stderr()).toContain("loadout search: using the embedded demo catalog, not the config's mcpServers");
    const named = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'weather', '--catalog', join(directory, 'tools.jsonl')], named.context)).toBe(0);
    expect(named.stderr()).not.toContain('embedded demo catalog');
  });

  it('prints JSON with explanations', async () => {
    const run = fakeContext();
    await runCli(['search', 'weather forecast', '--catalog', join(directory, 'tools.jsonl'), '--json', '--explain'], run.context);
    const result = JSON.parse(run.stdout()) as SearchJson;
    expect(result.ranker).toBe('bm25f');
    expect(result.hits[0]?.tool).toBe('mcp__weather__get_weather');
    expect(result.hits[0]?.explanation?.matchedTerms).toEqual(expect.arrayContaining(['weather', 'forecast']));
  });

  it('puts a tool named by the query first, and honours select:', async () => {
    const named = fakeContext();
    await runCli(['search', 'find symbol', '--catalog', join(directory, 'tools.jsonl'), '--json'], named.context);
    expect((JSON.parse(named.stdout()) as SearchJson).hits[0]?.tool).toBe('mcp__code__find_symbol');
    const selected = fakeContext();
    await runCli(['search', 'select:send_email,get_weather', '--catalog', join(directory, 'tools.jsonl'), '--json'], selected.context);
    expect((JSON.parse(selected.stdout()) as SearchJson).hits.map((hit) => hit.tool)).toEqual([
      'mcp__mail__send_email',
      'mcp__weather__get_weather',
    ]);
  });

  it('reads the ranker and catalog from loadout.config.json', async () => {
    writeFileSync(join(directory, 'loadout.config.json'), JSON.stringify({ ranker: 'regex', catalog: 'tools.jsonl', limit: 1 }));
    const run = fakeContext({ cwd: directory });
    await runCli(['search', 'e?mail', '--json'], run.context);
    const result = JSON.parse(run.stdout()) as SearchJson;
    expect(result.ranker).toBe('regex');
    expect(result.hits.map((hit) => hit.tool)).toEqual(['mcp__mail__send_email']);
  });

  it.each([
    [['search', 'x', '--ranker', 'bm52'], 'unknown-ranker'],
    [['search', '   '], 'query-empty'],
    [['search', 'a'.repeat(501)], 'query-too-long'],
    [['search', 'x', '--limit', '0'], 'invalid-option'],
    [['search', 'select:nope'], 'unknown-tool'],
  ])('%j exits 2 with %s', async (argv, code) => {
    const run = fakeContext({ cwd: tmpdir() });
    expect(await runCli(argv, run.context)).toBe(2);
    expect(run.stderr()).toContain(`[${code}]`);
  });

  it('never wraps the regex ranker with the query syntax: ^get_ does not return get', async () => {
    const catalog = join(directory, 'get.jsonl');
    writeFileSync(catalog, [{ name: 'get' }, { name: 'get_forecast', description: 'Forecast' }].map((tool) => JSON.stringify(tool)).join('\n'));
    for (const args of [['--ranker', 'regex'], ['--config', join(directory, 'regex.config.json')]]) {
      writeFileSync(join(directory, 'regex.config.json'), JSON.stringify({ ranker: 'regex' }));
      const run = fakeContext();
      expect(await runCli(['search', '^get_', '--catalog', catalog, '--json', ...args], run.context)).toBe(0);
      const result = JSON.parse(run.stdout()) as SearchJson;
      expect(result.ranker).toBe('regex');
      expect(result.hits.map((hit) => hit.name)).toEqual(['get_forecast']);
    }
  });

  it('rejects an invalid configuration naming the key', async () => {
    const bad = join(directory, 'bad.config.json');
    writeFileSync(bad, JSON.stringify({ ranker: 'bm25f', limt: 3 }));
    const run = fakeContext();
    expect(await runCli(['search', 'x', '--config', bad], run.context)).toBe(2);
    expect(run.stderr()).toContain('unknown key "limt"');
  });
});
