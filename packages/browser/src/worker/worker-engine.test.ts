import { afterEach, describe, it, expect } from 'vitest';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { Mod } from '@loadout/core';
import { encodeWordVectorTable } from '@loadout/embeddings/browser';
import { OTHER_TOOLS, TOOLS } from '../__fixtures__/catalog.js';
import { deferred, settle } from '../__fixtures__/deferred.js';
import { createChannelWorker } from '../__fixtures__/message-channel-worker.js';
import type { ChannelWorker } from '../__fixtures__/message-channel-worker.js';
import { tinyTable } from '../__fixtures__/tiny-table.js';
import { createEngine } from '../engine/create-engine.js';
import type { EngineConfig } from '../engine/engine-options.js';
import type { LoadoutEngine } from '../engine/engine-types.js';
import { createWorkerEngine } from './create-worker-engine.js';


const TABLE_URL = 'https://app.example/glove.ldwv';
const CONFIG: EngineConfig = { staticTableUrl: TABLE_URL, staticTableCacheName: null, staticComponents: 1, tokenizer: 'approximate' };
const names = (result: { hits: readonly { tool: { name: string } }[] }) => result.hits.map((hit) => hit.tool.name);

const open: LoadoutEngine[] = [];
afterEach(() => {
  for (const engine of open.splice(0)) engine.dispose();
});

/** A worker engine over a MessageChannel whose static table arrives when the test calls `release`. */
function setup(): { engine: LoadoutEngine; channel: ChannelWorker; release: () => void; configs: EngineConfig[] } {
  const gate = deferred<void>();
  const configs: EngineConfig[] = [];
  const fetch = async (): Promise<Response> => {
    await gate.promise;
    return new Response(encodeWordVectorTable(tinyTable()) as Uint8Array<ArrayBuffer>);
  };
  const channel = createChannelWorker((config) => {
    configs.push(config);
    return createEngine({ ...config, indexStore: null, fetch });
  });
  const engine = createWorkerEngine(channel.worker, CONFIG);
  open.push(engine);
  return { engine, channel, release: () => gate.resolve(), configs };
}

function codeAndReason(error: unknown): [string | undefined, unknown] {
  return isLoadoutError(error) ? [error.code, error.details['reason']] : [`not a LoadoutError: ${String(error)}`, undefined];
}

describe('createWorkerEngine over a message channel', () => {
  it('sends init with the config first, then answers calls with their results', async () => {
    const { engine, channel, configs } = setup();
    const loaded = await engine.loadCatalog(TOOLS);
    expect(loaded.tools).toHaveLength(12);
    expect(configs).toEqual([CONFIG]);
    expect(channel.sent[0]).toMatchObject({ kind: 'call', id: 1, method: 'init', params: { version: 1, config: CONFIG } });
    expect(channel.sent[1]).toMatchObject({ kind: 'call', id: 2, method: 'loadCatalog' });
    const plan = await engine.plan({ model: 'claude-sonnet-4-5', mods: [{ plugin: 'pin', rules: [{ server: 'git', isDeferred: false }] }] });
    expect(plan.catalogHash).toBe(loaded.hash);
    expect(plan.tools.filter((tool) => !tool.deferred).map((tool) => tool.name)).toEqual(['create_commit', 'merge_pull_request']);
    const quick = await engine.plan({ model: 'claude-sonnet-4-5' }, { tokenizer: 'approximate' });
    expect(channel.sent.at(-1)).toMatchObject({ method: 'plan', params: { tokenizer: 'approximate' } });
    expect(quick.tools).toHaveLength(12);
    expect((await engine.prepare('bm25f')).size).toBe(12);
    await expect(engine.flush()).resolves.toBeUndefined();
  });

  it('pairs concurrent searches with their own results', async () => {
    const { engine } = setup();
    await engine.loadCatalog(TOOLS);
    const queries: [string, string][] = [
      ['send an email', 'send_email'],
      ['weather forecast', 'get_forecast'],
      ['refund a payment', 'refund_payment'],
      ['schedule a meeting', 'schedule_meeting'],
      ['merge pull request', 'merge_pull_request'],
      ['select:read_file', 'read_file'],
    ];
    const results = await Promise.all(queries.map(([query]) => engine.search(query, { limit: 2, explain: true })));
    expect(results.map((result) => names(result)[0])).toEqual(queries.map(([, expected]) => expected));
    expect(results[0]!.hits[0]!.explanation!.matchedTerms).toEqual(expect.arrayContaining(['email']));
  });

  it('carries coded errors across, with their details', async () => {
    const { engine } = setup();
    const error = await engine.loadCatalog('[{"name": "a"},\n{"name": }]').catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('catalog-invalid-json');
    expect(isLoadoutError(error) && error.details['line']).toBe(2);
    expect(codeAndReason(await engine.search('mail').catch((caught: unknown) => caught))[0]).toBe('invalid-input');
    await engine.loadCatalog(TOOLS);
    expect(codeAndReason(await engine.search('mail', { ranker: 'nope' as never }).catch((caught: unknown) => caught))[0]).toBe('unknown-ranker');
    expect(codeAndReason(await engine.search('select:ghost').catch((caught: unknown) => caught))[0]).toBe('unknown-tool');
  });

  it('rejects an aborted search at once, tells the worker to drop it, and keeps serving', async () => {
    const { engine, channel, release } = setup();
    await engine.loadCatalog(TOOLS);
    const controller = new AbortController();
    const search = engine.search('email', { ranker: 'static-embedding', signal: controller.signal }).catch((caught: unknown) => caught);
    await settle();
    controller.abort();
    expect(codeAndReason(await search)).toEqual(['cancelled', 'aborted']);
    const call = channel.sent.find((message) => (message as { method?: string }).method === 'search') as { id: number };
    expect(channel.sent.at(-1)).toEqual({ kind: 'cancel', id: call.id });
    release();
    expect(names(await engine.search('send an email', { ranker: 'static-embedding', limit: 1 }))[0]).toMatch(/send_email|reply_message/);
  });

  it('does not send a search whose signal is already aborted', async () => {
    const { engine, channel } = setup();
    await engine.loadCatalog(TOOLS);
    const sent = channel.sent.length;
    expect(codeAndReason(await engine.search('mail', { signal: AbortSignal.abort() }).catch((caught: unknown) => caught))).toEqual(['cancelled', 'aborted']);
    expect(channel.sent).toHaveLength(sent);
  });

  it('cancels a search still building on a catalog that is swapped, and searches the new catalog next', async () => {
    const { engine, release } = setup();
    const old = await engine.loadCatalog(TOOLS);
    const pending = engine.search('email', { ranker: 'hybrid' }).catch((caught: unknown) => caught);
    const swapped = engine.loadCatalog(OTHER_TOOLS);
    const after = engine.search('support ticket', { ranker: 'bm25f' });
    expect(codeAndReason(await pending)).toEqual(['cancelled', 'catalog-replaced']);
    const next = await swapped;
    const result = await after;
    expect(next.hash).not.toBe(old.hash);
    expect(result.catalogHash).toBe(next.hash);
    expect(names(result).sort()).toEqual(['close_ticket', 'open_ticket']);
    release();
    const hybrid = await engine.search('translate text', { ranker: 'hybrid', limit: 1 });
    expect(hybrid.catalogHash).toBe(next.hash);
    expect(names(hybrid)).toEqual(['translate_text']);
  });

  it('refuses programmatic mods without sending them', async () => {
    const { engine, channel } = setup();
    const mod: Mod = { name: 'in-page', hooks: {} };
    const error = await engine.plan({ model: 'claude-sonnet-4-5' }, { mods: [mod] }).catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('invalid-option');
    expect((error as Error).message).toMatch(/in-page.*declarative/);
    expect(channel.sent).toEqual([]);
  });

  it('rejects pending and later calls with cancelled once disposed, and terminates the worker', async () => {
    const { engine, channel } = setup();
    await engine.loadCatalog(TOOLS);
    const pending = engine.search('email', { ranker: 'static-embedding' }).catch((caught: unknown) => caught);
    await settle();
    engine.dispose();
    expect(codeAndReason(await pending)).toEqual(['cancelled', 'disposed']);
    expect(channel.worker.terminated).toBe(true);
    expect(codeAndReason(await engine.search('mail').catch((caught: unknown) => caught))).toEqual(['cancelled', 'disposed']);
  });

  it('reports a worker that fails to start, for the pending call and every later one', async () => {
    const channel = createChannelWorker(() => {
      throw new Error('unused');
    });
    channel.server.close();
    const engine = createWorkerEngine(channel.worker);
    open.push(engine);
    const pending = engine.loadCatalog(TOOLS).catch((caught: unknown) => caught);
    channel.fail('SyntaxError: Unexpected token in worker.js');
    const error = await pending;
    expect(isLoadoutError(error) && error.code).toBe('unsupported-environment');
    expect((error as Error).message).toMatch(/Unexpected token.*did not start/);
    expect(await engine.search('mail').catch((caught: unknown) => caught)).toBe(error);
  });

  it('rejects with unsupported-environment, not a plain TypeError, when the worker cannot be created, and keeps a coded error the factory throws', async () => {
    const engine = createWorkerEngine(() => {
      throw new TypeError("Failed to construct 'Worker': This document requires 'TrustedScriptURL' assignment.");
    });
    open.push(engine);
    const error = await engine.loadCatalog(TOOLS).catch((caught: unknown) => caught);
    expect(isLoadoutError(error) && [error.code, error.details['started']]).toEqual(['unsupported-environment', false]);
    expect((error as Error).message).toBe("@loadout/browser: the engine worker could not be created: Failed to construct 'Worker': This document requires 'TrustedScriptURL' assignment.");
    expect(await engine.search('mail').catch((caught: unknown) => caught)).toBe(error);
    const coded = createLoadoutError('unsupported-environment', 'add trusted-types loadout-search');
    const other = createWorkerEngine(() => {
      throw coded;
    });
    open.push(other);
    expect(await other.plan({ model: 'claude-sonnet-4-5' }).catch((caught: unknown) => caught)).toBe(coded);
  });

  it('creates the worker lazily, once, from a factory', async () => {
    let created = 0;
    let channel: ChannelWorker | undefined;
    const engine = createWorkerEngine(() => {
      created++;
      channel = createChannelWorker((config) => createEngine({ ...config, indexStore: null }));
      return channel.worker;
    });
    open.push(engine);
    expect(created).toBe(0);
    await engine.loadCatalog(TOOLS);
    await engine.search('mail');
    expect(created).toBe(1);
    engine.dispose();
    expect(channel!.worker.terminated).toBe(true);
  });
});
