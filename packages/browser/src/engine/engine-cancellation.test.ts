import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { encodeWordVectorTable } from '@loadout/embeddings/browser';
import { OTHER_TOOLS, TOOLS } from '../__fixtures__/catalog.js';
import { deferred, settle } from '../__fixtures__/deferred.js';
import { tinyTable } from '../__fixtures__/tiny-table.js';
import { createEngine } from './create-engine.js';


const TABLE_URL = 'https://app.example/glove.ldwv';

/** An engine whose static table arrives only when the test releases it. */
function slowTableEngine() {
  const gate = deferred<void>();
  let fetches = 0;
  const fetch = async (): Promise<Response> => {
    fetches++;
    await gate.promise;
    return new Response(encodeWordVectorTable(tinyTable()) as Uint8Array<ArrayBuffer>);
  };
  const engine = createEngine({ indexStore: null, staticTableUrl: TABLE_URL, staticTableCacheName: null, staticComponents: 1, fetch });
  return { engine, release: () => gate.resolve(), fetches: () => fetches };
}

function reasonOf(error: unknown): unknown {
  return isLoadoutError(error) && error.code === 'cancelled' ? error.details['reason'] : `not cancelled: ${String(error)}`;
}

describe('createEngine: cancellation', () => {
  it('rejects an aborted search with cancelled at once, while the index build goes on for the next one', async () => {
    const { engine, release, fetches } = slowTableEngine();
    await engine.loadCatalog(TOOLS);
    const controller = new AbortController();
    const first = engine.search('email', { ranker: 'static-embedding', signal: controller.signal }).catch((error: unknown) => error);
    await settle();
    controller.abort();
    expect(reasonOf(await first)).toBe('aborted');
    const second = engine.search('email', { ranker: 'static-embedding' });
    release();
    expect((await second).hits.length).toBeGreaterThan(0);
    expect(fetches()).toBe(1);
  });

  it('rejects a search whose signal is already aborted without starting it', async () => {
    const { engine, fetches } = slowTableEngine();
    await engine.loadCatalog(TOOLS);
    const error = await engine.search('email', { ranker: 'static-embedding', signal: AbortSignal.abort() }).catch((caught: unknown) => caught);
    expect(reasonOf(error)).toBe('aborted');
    expect((error as Error).message).toMatch(/search "email" was cancelled/);
    expect(fetches()).toBe(0);
  });

  it('cancels searches still running on a catalog that another replaces; later searches use the new one', async () => {
    const { engine, release } = slowTableEngine();
    const old = await engine.loadCatalog(TOOLS);
    const pending = engine.search('email', { ranker: 'static-embedding' }).catch((error: unknown) => error);
    const pendingPrepare = engine.prepare('hybrid').catch((error: unknown) => error);
    await settle();
    const next = await engine.loadCatalog(OTHER_TOOLS);
    expect(next.hash).not.toBe(old.hash);
    expect(reasonOf(await pending)).toBe('catalog-replaced');
    expect(reasonOf(await pendingPrepare)).toBe('catalog-replaced');
    release();
    const result = await engine.search('support ticket');
    expect(result.catalogHash).toBe(next.hash);
    expect(result.hits.map((hit) => hit.tool.server)).toEqual(['support', 'support']);
  });

  it('lets a search that started on the old catalog finish there when its index was ready', async () => {
    const engine = createEngine({ indexStore: null });
    const old = await engine.loadCatalog(TOOLS);
    await engine.prepare('bm25f');
    const running = engine.search('email');
    await engine.loadCatalog(OTHER_TOOLS);
    const result = await running;
    expect(result.catalogHash).toBe(old.hash);
    expect(result.hits.every((hit) => TOOLS.some((tool) => tool.name === hit.tool.name))).toBe(true);
  });

  it('cancels pending work when disposed', async () => {
    const { engine } = slowTableEngine();
    await engine.loadCatalog(TOOLS);
    const pending = engine.search('email', { ranker: 'static-embedding' }).catch((error: unknown) => error);
    await settle();
    engine.dispose();
    expect(reasonOf(await pending)).toBe('disposed');
  });
});
