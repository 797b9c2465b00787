import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import type { Mod } from '@loadout/core';
import { TOOLS } from '../__fixtures__/catalog.js';
import { createEngine } from './create-engine.js';


const names = (result: { hits: readonly { tool: { name: string } }[] }) => result.hits.map((hit) => hit.tool.name);

async function codeOf(task: Promise<unknown>): Promise<string | undefined> {
  try {
    await task;
    return undefined;
  } catch (error) {
    return isLoadoutError(error) ? error.code : `not a LoadoutError: ${String(error)}`;
  }
}

describe('createEngine: catalogs', () => {
  it('loads a catalog and returns its hash, tools, servers and issues', async () => {
    const engine = createEngine({ indexStore: null });
    const loaded = await engine.loadCatalog(JSON.stringify({ tools: [...TOOLS, { description: 'nameless' }] }));
    expect(loaded.hash).toMatch(/^v1-[0-9a-f]{16}-12$/);
    expect(loaded.tools).toHaveLength(12);
    expect(Object.keys(loaded.servers).sort()).toEqual(['calendar', 'files', 'git', 'mail', 'pay', 'weather']);
    expect(loaded.issues.map((issue) => issue.code)).toEqual(['catalog-missing-name']);
  });

  it('rejects bad input with coded errors and keeps the catalog it had', async () => {
    const engine = createEngine({ indexStore: null });
    await engine.loadCatalog(TOOLS);
    expect(await codeOf(engine.loadCatalog('{"tools": ['))).toBe('catalog-invalid-json');
    expect(await codeOf(engine.loadCatalog('{"toolz": []}'))).toBe('catalog-invalid-format');
    expect(await codeOf(engine.loadCatalog(7 as never))).toBe('invalid-input');
    expect(names(await engine.search('forecast'))[0]).toBe('get_forecast');
  });

  it('refuses a catalog with no tools (empty text, [], { tools: [] }) with catalog-empty, as the CLI does, and keeps the catalog it had', async () => {
    const engine = createEngine({ indexStore: null });
    const before = await engine.loadCatalog(TOOLS);
    for (const input of ['', '  \n', '[]', '{"tools": []}', [], { tools: [] }] as const) {
      expect(await codeOf(engine.loadCatalog(input as never))).toBe('catalog-empty');
    }
    await expect(engine.loadCatalog('', { source: 'pasted catalog' })).rejects.toThrow(/^pasted catalog holds no tools/);
    expect((await engine.plan({ model: 'claude-sonnet-4-5' })).catalogHash).toBe(before.hash);
    expect(names(await engine.search('forecast'))[0]).toBe('get_forecast');
  });

  it('rejects malformed options at creation', () => {
    expect(() => createEngine({ tokenizer: 'bpe' as never })).toThrow(/tokenizer/);
    expect(() => createEngine({ staticComponents: 101 })).toThrow(/staticComponents/);
    expect(() => createEngine({ staticTableUrl: '' })).toThrow(/staticTableUrl/);
    expect(() => createEngine({ persistIndexes: 'yes' as never })).toThrow(/persistIndexes/);
    expect(() => createEngine({ completeLastWord: 1 as never })).toThrow(/completeLastWord must be a boolean/);
  });
});

describe('createEngine: completeLastWord', () => {
  it('completes the word being typed in bm25f and rerank, only when asked', async () => {
    const typing = createEngine({ indexStore: null, completeLastWord: true });
    const plain = createEngine({ indexStore: null });
    for (const engine of [typing, plain]) await engine.loadCatalog(TOOLS);
    for (const ranker of ['bm25f', 'rerank']) {
      expect(names(await typing.search('weather forec', { ranker }))[0]).toBe('get_forecast');
      expect(names(await typing.search('sched', { ranker }))[0]).toBe('schedule_meeting');
      expect(names(await plain.search('sched', { ranker }))).toEqual([]);
    }
    expect(names(await typing.search('sched', { ranker: 'wink-bm25' }))).toEqual([]);
  });
});

describe('createEngine: plans', () => {
  it('plans the loaded catalog with tiktoken counts and tags the plan with the catalog', async () => {
    const engine = createEngine({ indexStore: null });
    const loaded = await engine.loadCatalog(TOOLS);
    const plan = await engine.plan({ model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'true' } });
    expect(plan.catalogHash).toBe(loaded.hash);
    expect(plan.decision.toolSearch).toBe('on');
    expect(plan.decision.reason).toBe('env-true');
    expect(plan.tools).toHaveLength(12);
    expect(plan.tools.every((tool) => tool.deferred)).toBe(true);
    expect(plan.deferredTokens).toBeGreaterThan(100);
  });

  it('refuses an input decide would refuse, naming the field and the value, instead of planning a default', async () => {
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate' });
    await engine.loadCatalog(TOOLS);
    await expect(engine.plan({ model: 42 } as never)).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'invalid policy input: model must be a non-empty string, got 42',
    });
    await expect(engine.plan({} as never)).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('model must be a non-empty string') });
    await expect(engine.plan(null as never)).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(engine.plan({ model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 1 } } as never)).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('env.ENABLE_TOOL_SEARCH'),
    });
    // The catalog's tools and servers are the plan's, whatever the input says.
    const plan = await engine.plan({ model: 'claude-sonnet-4-5', tools: 'none', servers: 7 } as never);
    expect(plan.tools).toHaveLength(12);
  });

  it('counts with the approximate counter when asked, and applies declarative and programmatic mods', async () => {
    const exact = createEngine({ indexStore: null });
    const approximate = createEngine({ indexStore: null, tokenizer: 'approximate' });
    await exact.loadCatalog(TOOLS);
    await approximate.loadCatalog(TOOLS);
    const input = { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'true' }, mods: [{ plugin: 'pin-mail', rules: [{ server: 'mail', isDeferred: false }] }] };
    const exactPlan = await exact.plan(input);
    const approximatePlan = await approximate.plan(input);
    expect(approximatePlan.deferredTokens).not.toBe(exactPlan.deferredTokens);
    expect(Math.abs(approximatePlan.deferredTokens - exactPlan.deferredTokens) / exactPlan.deferredTokens).toBeLessThan(0.35);
    const mail = exactPlan.tools.filter((tool) => tool.server === 'mail');
    expect(mail.map((tool) => [tool.deferred, tool.why, tool.decidedBy])).toEqual([
      [false, 'mod', 'pin-mail'],
      [false, 'mod', 'pin-mail'],
    ]);
    const shorten: Mod = { name: 'shorten', hooks: { 'tool.describe': (event, next) => ({ ...next(event), description: 'x' }) } };
    const shortened = await exact.plan(input, { mods: [shorten] });
    expect(shortened.tools.every((tool) => tool.description === 'x')).toBe(true);
    expect(shortened.deferredTokens).toBeLessThan(exactPlan.deferredTokens);
  });

  it('counts one plan with another tokenizer when asked, so a first plan need not wait for tiktoken', async () => {
    const exact = createEngine({ indexStore: null });
    const approximate = createEngine({ indexStore: null, tokenizer: 'approximate' });
    await exact.loadCatalog(TOOLS);
    await approximate.loadCatalog(TOOLS);
    const input = { model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'auto:1' } };
    const quick = await exact.plan(input, { tokenizer: 'approximate' });
    const estimated = await approximate.plan(input);
    const counted = await exact.plan(input);
    expect(quick.decision.deferrableTokens).toBe(estimated.decision.deferrableTokens);
    expect(counted.decision.deferrableTokens).not.toBe(quick.decision.deferrableTokens);
    expect((await approximate.plan(input, { tokenizer: 'tiktoken' })).decision.deferrableTokens).toBe(counted.decision.deferrableTokens);
    // The shared plan cache keys counts by counter, so the exact plan after a quick one is exact again.
    expect((await exact.plan(input, { tokenizer: 'approximate' })).decision.deferrableTokens).toBe(quick.decision.deferrableTokens);
    expect((await exact.plan(input)).decision.deferrableTokens).toBe(counted.decision.deferrableTokens);
    await expect(exact.plan(input, { tokenizer: 'bpe' as never })).rejects.toMatchObject({ code: 'invalid-option' });
  });

  it('plans an empty tool list before any catalog is loaded', async () => {
    const plan = await createEngine({ indexStore: null, tokenizer: 'approximate' }).plan({ model: 'claude-opus-4-5' });
    expect(plan.catalogHash).toBeNull();
    expect(plan.tools).toEqual([]);
    expect(plan.decision.reason).toBe('default-on');
  });
});

describe('createEngine: BM25F search', () => {
  it('ranks with BM25F by default, reports how the index came to be and applies the query syntax', async () => {
    const engine = createEngine({ indexStore: null });
    const loaded = await engine.loadCatalog(TOOLS);
    const result = await engine.search('send an email message', { limit: 3 });
    expect(result.ranker).toBe('bm25f');
    expect(result.catalogHash).toBe(loaded.hash);
    expect(result.indexSource).toBe('built');
    expect(result.hits.length).toBeLessThanOrEqual(3);
    expect(names(result)[0]).toBe('send_email');
    expect(names(await engine.search('select:get_forecast,read_file'))).toEqual(['get_forecast', 'read_file']);
    expect(names(await engine.search('+calendar schedule'))).toEqual(['schedule_meeting']);
    expect(names(await engine.search('refund_payment'))[0]).toBe('refund_payment');
  });

  it('explains scores when asked', async () => {
    const engine = createEngine({ indexStore: null });
    await engine.loadCatalog(TOOLS);
    const [hit] = (await engine.search('weather forecast', { explain: true, limit: 1 })).hits;
    expect(hit!.explanation!.matchedTerms).toEqual(expect.arrayContaining(['weather', 'forecast']));
    expect(hit!.explanation!.components['bm25f']).toBeGreaterThan(0);
    expect((await engine.search('weather forecast', { limit: 1 })).hits[0]!.explanation).toBeUndefined();
  });

  it('prepares an index ahead of the first search', async () => {
    const engine = createEngine({ indexStore: null });
    const loaded = await engine.loadCatalog(TOOLS);
    const status = await engine.prepare('bm25f');
    expect(status).toMatchObject({ ranker: 'bm25f', catalogHash: loaded.hash, indexSource: 'built', size: 12 });
    expect(status.buildMs).toBeGreaterThanOrEqual(0);
  });

  it('throws coded errors for no catalog, an unknown ranker and bad queries', async () => {
    const engine = createEngine({ indexStore: null });
    const before = await engine.search('mail').catch((error: unknown) => error);
    expect(isLoadoutError(before) && before.code).toBe('invalid-input');
    expect((before as Error).message).toMatch(/loadCatalog/);
    await engine.loadCatalog(TOOLS);
    expect(await codeOf(engine.search('mail', { ranker: 'bm42' as never }))).toBe('unknown-ranker');
    expect(await codeOf(engine.search('   '))).toBe('query-empty');
    expect(await codeOf(engine.search('x'.repeat(501)))).toBe('query-too-long');
    expect(await codeOf(engine.search('select:nope'))).toBe('unknown-tool');
    expect(await codeOf(engine.search('mail', { limit: 0 }))).toBe('invalid-option');
  });

  it('enforces the ranges of the element and of @loadout/wasm: limit 1–100, maxTools 1–1,000,000', async () => {
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate' });
    await engine.loadCatalog(TOOLS);
    await expect(engine.search('mail', { limit: 1e6 })).rejects.toMatchObject({
      code: 'invalid-option',
      message: '@loadout/browser: search: limit must be an integer from 1 to 100 (got 1000000)',
    });
    await expect(engine.search('mail', { limit: 2.5 })).rejects.toMatchObject({ code: 'invalid-option' });
    expect((await engine.search('mail', { limit: 100 })).hits.length).toBeGreaterThan(0);
    await expect(engine.loadCatalog(TOOLS, { maxTools: 1e9 })).rejects.toMatchObject({
      code: 'invalid-option',
      message: '@loadout/browser: loadCatalog: maxTools must be an integer from 1 to 1,000,000 (got 1000000000)',
    });
    await expect(engine.loadCatalog(TOOLS, { maxTools: 0 })).rejects.toMatchObject({ code: 'invalid-option' });
    expect((await engine.loadCatalog(TOOLS, { maxTools: 1_000_000 })).tools).toHaveLength(12);
  });

  it('keeps the built index when the same catalog is loaded again, and drops it for another', async () => {
    const engine = createEngine({ indexStore: null });
    const first = await engine.loadCatalog(TOOLS);
    const status = await engine.prepare('bm25f');
    const again = await engine.loadCatalog(JSON.stringify(TOOLS));
    expect(again.hash).toBe(first.hash);
    expect((await engine.prepare('bm25f')).buildMs).toBe(status.buildMs);
    await engine.loadCatalog(TOOLS.slice(1));
    expect((await engine.search('read file path')).hits.map((hit) => hit.tool.name)).not.toContain('read_file');
  });

  it('rejects every call with cancelled once disposed', async () => {
    const engine = createEngine({ indexStore: null });
    await engine.loadCatalog(TOOLS);
    engine.dispose();
    engine.dispose();
    expect(await codeOf(engine.search('mail'))).toBe('cancelled');
    expect(await codeOf(engine.loadCatalog(TOOLS))).toBe('cancelled');
    expect(await codeOf(engine.plan({ model: 'claude-opus-4-5' }))).toBe('cancelled');
  });
});
