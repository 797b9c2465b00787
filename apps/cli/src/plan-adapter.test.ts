import { createBm25Ranker } from '@loadout/bm25';
import { toToolInput } from '@loadout/core';
import { createDemoCatalog } from '@loadout/demo-catalog';
import { defaultTokenCounter } from '@loadout/tokens';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { fakeContext } from './__fixtures__/fake-context.js';
import { loadAdapterList } from './commands/adapter-list.js';
import { runCli } from './run-cli.js';

const counter = defaultTokenCounter();
/** A request's definitions, the members of a group (`namespace`, Gemini's `functionDeclarations`) each on its own. */
const definitionsOf = (tools: readonly object[]): object[] =>
  tools.flatMap((tool) => {
    const group = tool as { functionDeclarations?: object[] };
    return Array.isArray(group.functionDeclarations) ? [{ ...tool, functionDeclarations: [] }, ...group.functionDeclarations] : [tool];
  });
/** Tokens of the definitions the model reads up front, counted here independently: each definition's JSON, those sent with defer_loading left out. */
const readUpfront = (tools: readonly object[]): number =>
  definitionsOf(tools).filter((tool) => (tool as { defer_loading?: boolean }).defer_loading !== true).reduce((sum, tool) => sum + counter.count(JSON.stringify(tool)), 0);

const catalog = createDemoCatalog();
const definitions = await loadAdapterList();
const names = definitions.map((definition) => definition.name);
/** The first request's tools an adapter renders for the demo catalog, built directly with its definition (Claude's policy with no env). */
async function rendered(name: string): Promise<readonly unknown[]> {
  const definition = definitions.find((candidate) => candidate.name === name)!;
  return definition.create({ tools: catalog.tools.map(toToolInput), servers: catalog.servers, ranker: createBm25Ranker(), policy: { model: 'claude-sonnet-4-5', env: {} } }).request().tools;
}

interface AdapterJson {
  adapter: {
    name: string;
    toolSearch: string;
    upfront: string[];
    deferred: string[];
    tokens: { upfront: number; deferred: number; bytes: number; definitions: number; deferredDefinitions: number };
    search: { limit: number; fixedTokens: number; perToolTokens: number; typicalTokens: number } | null;
  };
  decision?: unknown;
  toolSearch: string;
  tools: { name: string; deferred: boolean }[];
}

async function plan(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = fakeContext();
  const code = await runCli(['plan', '--clean-env', ...args], run.context);
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('loadout plan --adapter', () => {
  it.each(names)('%s: the upfront tokens and bytes are those of the tools the adapter renders for the demo catalog', async (name) => {
    const run = await plan(['--adapter', name, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as AdapterJson;
    const tools = (await rendered(name)) as object[];
    expect(json.adapter.name).toBe(name);
    expect(json.adapter.toolSearch).toBe('on');
    expect(json.adapter.tokens.upfront).toBe(readUpfront(tools));
    expect(json.adapter.tokens.bytes).toBe(Buffer.byteLength(JSON.stringify(tools)));
    expect(json.adapter.tokens.definitions).toBe(definitionsOf(tools).filter((tool) => !('functionDeclarations' in tool)).length);
    expect(json.adapter.upfront.length + json.adapter.deferred.length).toBe(catalog.tools.length);
    expect(json.adapter.tokens.deferred).toBeGreaterThan(json.adapter.tokens.upfront * 5);
    expect(json.adapter.search).toMatchObject({ limit: 5 });
    expect(json.adapter.search!.typicalTokens).toBe(Math.round(json.adapter.search!.fixedTokens + 5 * json.adapter.search!.perToolTokens));
    // The plan's shape is kept: every tool with its name and placement; only Claude's adapter has a decision.
    expect(json.tools).toHaveLength(catalog.tools.length);
    expect(json.tools.filter((tool) => tool.deferred)).toHaveLength(json.adapter.deferred.length);
    expect('decision' in json).toBe(name === 'anthropic');
    expect(json.toolSearch).toBe('on');
  });

  it.each(names)('%s: a catalog tool under the search tool name is left out with a warning, and the rest is planned', async (name) => {
    const folder = mkdtempSync(join(tmpdir(), 'loadout-plan-collide-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const path = join(folder, 'c.json');
    writeFileSync(path, JSON.stringify([
      { name: 'search_tools', description: 'my CRM search' },
      { name: 'tool_search', description: 'another CRM search' },
      { name: 'get_weather', server: 'weather', description: 'Weather for a city' },
    ]));
    const run = await plan(['--adapter', name, '--catalog', path, '--json']);
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as AdapterJson;
    const planned = [...json.adapter.upfront, ...json.adapter.deferred];
    expect(planned.some((tool) => tool.includes('get_weather'))).toBe(true);
    expect(run.stderr).toMatch(/loadout plan: warning: .*"(search_tools|tool_search)".*the search tool's name; it is skipped.*\[catalog-duplicate-name\]/);
    expect(planned.length + (run.stderr.match(/\[catalog-duplicate-name\]/g) ?? []).length).toBe(3);
  });

  it('keeps plain plan unchanged, and the anthropic adapter agrees with it', async () => {
    const plain = JSON.parse((await plan(['--json'])).stdout) as AdapterJson & { model: string };
    const anthropic = JSON.parse((await plan(['--json', '--adapter', 'anthropic'])).stdout) as AdapterJson & { model: string };
    expect('adapter' in plain).toBe(false);
    const { adapter: _adapter, ...rest } = anthropic;
    expect(rest).toEqual(plain);
  });

  it('follows Claude policy for anthropic only, and counts a request with tool search off', async () => {
    const off = JSON.parse((await plan(['--json', '--adapter', 'anthropic', '--env', 'ENABLE_TOOL_SEARCH=false'])).stdout) as AdapterJson;
    expect(off.adapter).toMatchObject({ toolSearch: 'off', deferred: [], search: null, tokens: { deferredDefinitions: 0, deferred: 0 } });
    expect(off.adapter.tokens.upfront).toBeGreaterThan(30_000);
    const responses = JSON.parse((await plan(['--json', '--adapter', 'openai-responses', '--env', 'ENABLE_TOOL_SEARCH=false'])).stdout) as AdapterJson;
    expect(responses.adapter.toolSearch).toBe('on');
  });

  it('counts in the singular for one tool, and names no search tool when tool search is off', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loadout-plan-adapter-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, 'one.json');
    writeFileSync(file, JSON.stringify([{ name: 'get_weather', description: 'Get the weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }]));
    const off = await plan(['--catalog', file, '--adapter', 'anthropic', '--env', 'ENABLE_TOOL_SEARCH=false']);
    expect(off.code).toBe(0);
    expect(off.stdout).toMatch(/^Catalog {6}\S*one\.json: 1 tool$/m);
    expect(off.stdout).toMatch(/^ {2}tools {9}1 definition, [\d,]+ bytes of JSON$/m);
    expect(off.stdout).toMatch(/^ {2}upfront {7}[\d,]+ tokens the model reads: 1 upfront tool$/m);
    const on = await plan(['--catalog', file, '--adapter', 'openai-chat']);
    expect(on.stdout).toMatch(/tokens the model reads: the search tool and 0 upfront tools$/m);
    expect(on.stdout).toMatch(/^ {2}deferred {6}[\d,]+ tokens of 1 tool, read only once a search loads them$/m);
  });

  it('prints the request figures readably, and rejects an unknown adapter with the closest name', async () => {
    const human = await plan(['--adapter', 'openai-responses']);
    expect(human.stdout).toMatch(/^Catalog {6}demo catalog: 302 tools/);
    expect(human.stdout).toMatch(/First request of openai-responses \(@loadout\/openai\)/);
    expect(human.stdout).toMatch(/upfront +[\d,]+ tokens the model reads/);
    const typo = await plan(['--adapter', 'openai-respones']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      `loadout plan: --adapter must be one of ${names.join(', ')}, got "openai-respones"; did you mean openai-responses? [invalid-option]\n`,
    );
  });
});
