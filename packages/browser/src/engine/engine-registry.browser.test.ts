import { afterEach, describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { TOOLS } from '../__fixtures__/catalog.js';
import { reverseDefinition } from '../__fixtures__/reverse-ranker.js';
import { createWorkerEngine } from '../worker/create-worker-engine.js';
import { createEngine } from './create-engine.js';
import type { LoadoutEngine } from './engine-types.js';

const inBrowser = typeof Worker !== 'undefined' && typeof indexedDB !== 'undefined';
const names = (result: { hits: readonly { tool: { name: string } }[] }) => result.hits.map((hit) => hit.tool.name);
const uniqueDatabase = () => `loadout-registry-${Math.random().toString(36).slice(2)}`;

const open: LoadoutEngine[] = [];
afterEach(() => {
  for (const engine of open.splice(0)) engine.dispose();
});

function startWorker(indexDatabaseName: string): LoadoutEngine {
  const engine = createWorkerEngine(() => new Worker(new URL('../__fixtures__/reverse-ranker-worker.ts', import.meta.url), { type: 'module' }), {
    indexDatabaseName,
    tokenizer: 'approximate',
  });
  open.push(engine);
  return engine;
}

describe.skipIf(!inBrowser)('a page\'s own ranker, registered through the core registry, in Chromium', () => {
  it('searches in a real Web Worker and restores its index from IndexedDB through its persistence capability', async () => {
    const database = uniqueDatabase();
    const first = startWorker(database);
    await first.loadCatalog(TOOLS);
    const built = await first.search('tsacerof', { ranker: 'reverse' });
    expect(names(built)).toEqual(['get_forecast']);
    expect(built.indexSource).toBe('built');
    await first.flush();
    first.dispose();

    const second = startWorker(database);
    await second.loadCatalog(TOOLS);
    const restored = await second.search('tsacerof', { ranker: 'reverse' });
    expect(restored.indexSource).toBe('restored');
    expect(names(restored)).toEqual(['get_forecast']);
    // The browser-safe built-ins come from the same registry: regex is a pattern, never rewritten.
    expect(names(await second.search('^get_', { ranker: 'regex' }))).toEqual(['get_forecast']);
    const unknown = await second.search('x', { ranker: 'revers' }).catch((caught: unknown) => caught);
    expect(isLoadoutError(unknown) && unknown.code).toBe('unknown-ranker');
    expect((unknown as Error).message).toMatch(/did you mean "reverse"\?/);
  });

  it('works in the page too, wrapped with the query syntax (select:) since its queries are keywords', async () => {
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate', rankers: [reverseDefinition] });
    open.push(engine);
    await engine.loadCatalog(TOOLS);
    expect(names(await engine.search('liame', { ranker: 'reverse' }))).toEqual(['send_email']);
    expect(names(await engine.search('select:read_file', { ranker: 'reverse' }))).toEqual(['read_file']);
  });
});
