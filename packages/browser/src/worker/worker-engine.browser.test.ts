import { afterEach, describe, it, expect, inject } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import '../__fixtures__/provided-context.js';
import { manyTools, OTHER_TOOLS, TOOLS } from '../__fixtures__/catalog.js';
import type { LoadoutEngine } from '../engine/engine-types.js';
import { createWorkerEngine } from './create-worker-engine.js';

const inBrowser = typeof Worker !== 'undefined' && typeof indexedDB !== 'undefined';
/** The real table the @loadout/embeddings build writes, served here by vitest.browser.config.ts (run `pnpm build` first). */
const TABLE_URL = '/static/glove-sg-100d-50k.ldwv';
const names = (result: { hits: readonly { tool: { name: string } }[] }) => result.hits.map((hit) => hit.tool.name);

const open: LoadoutEngine[] = [];
afterEach(() => {
  for (const engine of open.splice(0)) engine.dispose();
});

function startWorker(config: Parameters<typeof createWorkerEngine>[1] = {}, withTransformers = false): LoadoutEngine {
  // Vite finds a worker only in the literal `new Worker(new URL(…, import.meta.url))` form.
  const start = withTransformers
    ? () => new Worker(new URL('../worker-transformers-entry.ts', import.meta.url), { type: 'module' })
    : () => new Worker(new URL('../worker-entry.ts', import.meta.url), { type: 'module' });
  const engine = createWorkerEngine(start, config);
  open.push(engine);
  return engine;
}

const uniqueDatabase = () => `loadout-test-${Math.random().toString(36).slice(2)}`;

/** How the table is served: its status and content type (a 200 `application/octet-stream` when built). */
async function tableResponse(): Promise<string> {
  const response = await fetch(TABLE_URL, { method: 'HEAD' }).catch((error: unknown) => ({ status: String(error), headers: new Headers() }));
  return `${response.status} ${response.headers.get('content-type') ?? ''}`;
}

/** A catalog of a tool whose inputSchema nests `depth` objects deep (twice that many levels, plus one), and an ordinary tool, as JSON text. */
function nestedCatalog(depth: number): string {
  return `[{"name":"deep","description":"d","inputSchema":${'{"type":"object","properties":{"a":'.repeat(depth)}{}${'}}'.repeat(depth)}},{"name":"web_search","description":"Search the web"}]`;
}

describe.skipIf(!inBrowser)('the engine in a real Web Worker', () => {
  it('skips a tool whose schema nests too deep, naming it, loads the rest, and passes one of 1,000 levels', async () => {
    const engine = startWorker({ persistIndexes: false, tokenizer: 'approximate' });
    const deep = await engine.loadCatalog(nestedCatalog(200_000), { source: 'deep.json' });
    expect(deep.tools.map((tool) => tool.name)).toEqual(['web_search']);
    expect(deep.issues).toEqual([expect.objectContaining({ code: 'catalog-invalid-schema', name: 'deep', index: 0 })]);
    expect(deep.issues[0]!.message).toBe('deep.json: tool at index 0 ("deep") has an inputSchema that nests deeper than 1,000 levels (or refers to itself); flatten it or drop the tool');
    expect(names(await engine.search('web'))).toEqual(['web_search']);
    // 499 nestings are 999 levels with the innermost {}; 500 are 1,001.
    expect((await engine.loadCatalog(nestedCatalog(500))).tools).toHaveLength(1);
    const loaded = await engine.loadCatalog(nestedCatalog(499));
    expect(loaded.tools).toHaveLength(2);
    expect(names(await engine.search('deep'))).toEqual(['deep']);
    expect((await engine.plan({ model: 'claude-sonnet-4-5' })).catalogHash).toBe(loaded.hash);
  });

  it('loads a catalog, plans and searches', async () => {
    const engine = startWorker({ persistIndexes: false });
    const loaded = await engine.loadCatalog(JSON.stringify({ tools: TOOLS }));
    expect(loaded.tools).toHaveLength(12);
    const plan = await engine.plan({ model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'auto:1' } });
    expect(plan.catalogHash).toBe(loaded.hash);
    expect(plan.decision.deferrableTokens).toBeGreaterThan(100);
    const result = await engine.search('send an email message', { explain: true });
    expect(names(result)[0]).toBe('send_email');
    expect(result.hits[0]!.explanation!.matchedTerms).toContain('email');
  });

  it('answers concurrent searches each with its own results', async () => {
    const engine = startWorker({ persistIndexes: false, tokenizer: 'approximate' });
    await engine.loadCatalog(TOOLS);
    const queries = ['weather forecast', 'refund a payment', 'merge a pull request', 'read a file', 'schedule a meeting'];
    const results = await Promise.all(queries.map((query) => engine.search(query, { limit: 1 })));
    expect(results.map((result) => names(result)[0])).toEqual(['get_forecast', 'refund_payment', 'merge_pull_request', 'read_file', 'schedule_meeting']);
  });

  it('carries coded errors out of the worker', async () => {
    const engine = startWorker({ persistIndexes: false });
    const error = await engine.loadCatalog('{"tools": [').catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('catalog-invalid-json');
    await engine.loadCatalog(TOOLS);
    const unknown = await engine.search('select:nothing_here').catch((caught: unknown) => caught);
    expect(isLoadoutError(unknown) && unknown.code).toBe('unknown-tool');
  });

  it('cancels a search still waiting for its index, and one whose catalog is swapped', async () => {
    const engine = startWorker({ persistIndexes: false, staticTableUrl: TABLE_URL, staticTableCacheName: null });
    const old = await engine.loadCatalog(manyTools(2000));
    const controller = new AbortController();
    const aborted = engine.search('mail work', { ranker: 'static-embedding', signal: controller.signal }).catch((caught: unknown) => caught);
    controller.abort();
    const swapped = engine.search('mail work', { ranker: 'hybrid' }).catch((caught: unknown) => caught);
    const next = await engine.loadCatalog(OTHER_TOOLS);
    const [abortedError, swappedError] = await Promise.all([aborted, swapped]);
    expect(isLoadoutError(abortedError) && [abortedError.code, abortedError.details['reason']]).toEqual(['cancelled', 'aborted']);
    expect(isLoadoutError(swappedError) && [swappedError.code, swappedError.details['reason']]).toEqual(['cancelled', 'catalog-replaced']);
    const result = await engine.search('support ticket');
    expect(result.catalogHash).toBe(next.hash);
    expect(result.catalogHash).not.toBe(old.hash);
    expect(names(result).sort()).toEqual(['close_ticket', 'open_ticket']);
  });

  it('reuses the BM25F index from IndexedDB in a fresh worker, as after a reload', async () => {
    const indexDatabaseName = uniqueDatabase();
    const first = startWorker({ indexDatabaseName, tokenizer: 'approximate' });
    const catalog = manyTools(1500);
    await first.loadCatalog(catalog);
    const built = await first.search('payments work item 42', { limit: 3 });
    expect(built.indexSource).toBe('built');
    await first.flush();
    first.dispose();

    const second = startWorker({ indexDatabaseName, tokenizer: 'approximate' });
    await second.loadCatalog(JSON.stringify(catalog));
    const restored = await second.search('payments work item 42', { limit: 3 });
    expect(restored.indexSource).toBe('restored');
    expect(names(restored)).toEqual(names(built));
    expect(restored.hits.map((hit) => hit.score)).toEqual(built.hits.map((hit) => hit.score));
  });

  it('fetches the word-vector table once into the Cache API and reuses static vectors from IndexedDB', async () => {
    expect(await tableResponse(), `${TABLE_URL} must be served (build @loadout/embeddings)`).toBe('200 application/octet-stream');
    const indexDatabaseName = uniqueDatabase();
    const staticTableCacheName = `loadout-test-tables-${Math.random().toString(36).slice(2)}`;
    const config = { indexDatabaseName, staticTableUrl: TABLE_URL, staticTableCacheName, tokenizer: 'approximate' as const };
    const first = startWorker(config);
    await first.loadCatalog(TOOLS);
    const built = await first.search('send a message to my inbox', { ranker: 'hybrid', limit: 3 });
    expect(built.indexSource).toBe('built');
    expect(names(built)).toContain('send_email');
    // Each ranker persists its own index: the hybrid's holds its BM25F and vector parts, static-embedding its vectors.
    expect((await first.prepare('static-embedding')).indexSource).toBe('built');
    await first.flush();
    first.dispose();
    const cache = await caches.open(staticTableCacheName);
    expect(await cache.match(new URL(TABLE_URL, location.href).href)).toBeDefined();

    const second = startWorker(config);
    await second.loadCatalog(TOOLS);
    const restored = await second.search('send a message to my inbox', { ranker: 'hybrid', limit: 3 });
    expect(restored.indexSource).toBe('restored');
    expect(names(restored)).toEqual(names(built));
    expect((await second.prepare('static-embedding')).indexSource).toBe('restored');
    await caches.delete(staticTableCacheName);
  });

  it('runs the transformers ranker inside the worker from page-relative local URLs', async () => {
    const modelBaseUrl = inject('tinyModelBaseUrl');
    const wasmPaths = inject('ortWasmPaths');
    expect([modelBaseUrl, wasmPaths].map((value) => value !== ''), 'the tiny model and onnxruntime-web WASM must be available (see vitest.browser.setup.ts)').toEqual([true, true]);
    const indexDatabaseName = uniqueDatabase();
    const config = { indexDatabaseName, modelBaseUrl, wasmPaths, transformersModel: 'local/tiny-bert', tokenizer: 'approximate' as const };
    const plain = startWorker(config);
    expect((await plain.rankers()).find((ranker) => ranker.name === 'transformers')).toMatchObject({ available: false });
    const first = startWorker(config, true);
    expect((await first.rankers()).find((ranker) => ranker.name === 'transformers')).toMatchObject({ available: true });
    await first.loadCatalog(TOOLS);
    const built = await first.search('weather in a city', { ranker: 'transformers', limit: 5 });
    expect(built.indexSource).toBe('built');
    expect(built.hits).toHaveLength(5);
    await first.flush();
    first.dispose();
    const second = startWorker(config, true);
    await second.loadCatalog(TOOLS);
    const restored = await second.search('weather in a city', { ranker: 'transformers', limit: 5 });
    expect(restored.indexSource).toBe('restored');
    expect(names(restored)).toEqual(names(built));
  });

  it('rejects every call when the worker script cannot start', async () => {
    const engine = createWorkerEngine(() => new Worker(new URL('/does-not-exist-worker.js', location.href), { type: 'module' }));
    open.push(engine);
    const error = await engine.loadCatalog(TOOLS).catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('unsupported-environment');
  });
});
