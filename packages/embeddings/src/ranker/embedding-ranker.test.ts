import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { createCatalog, isLoadoutError } from '@loadout/core';
import { createEmbeddingCache } from '../cache/embedding-cache.js';
import { compactWordVectors } from '../static/compact-word-vectors.js';
import { parseWordVectorJson } from '../static/parse-word-vector-json.js';
import { createStaticEmbedderFromTable } from '../static/static-embedder.js';
import { TINY_WORDS, tinyVectorJson } from '../static/__fixtures__/tiny-vectors.js';
import { createTransformersEmbedder } from '../transformers/transformers-embedder.js';
import { writeTinyBert } from '../transformers/__fixtures__/tiny-bert.js';
import { HNSWLIB_MISSING, hnswTitle } from '../__fixtures__/hnswlib-missing.js';
import { createHnswIndex } from '../vector/hnsw-index.js';
import { decodeHnswSidecar } from '../vector/hnsw-sidecar.js';
import { createEmbeddingRanker } from './embedding-ranker.js';
import { createCountingEmbedder } from './__fixtures__/test-doubles.js';

const table = compactWordVectors(parseWordVectorJson(new TextEncoder().encode(tinyVectorJson(TINY_WORDS))));
const catalog = createCatalog([
  { name: 'read_file', server: 'files', description: 'Read a document from a path' },
  { name: 'send_email', server: 'mail', description: 'Send an email message to an inbox' },
  { name: 'get_forecast', server: 'weather', description: 'Get the weather forecast for a city' },
  { name: 'create_commit', server: 'git', description: 'Create a commit in a code repository' },
  { name: 'refund_payment', server: 'pay', description: 'Refund a payment for an invoice' },
  { name: 'schedule_meeting', server: 'calendar', description: 'Schedule a calendar event' },
]);
const names = (hits: readonly { tool: { name: string } }[]) => hits.map((hit) => hit.tool.name);

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'loadout-ranker-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('createEmbeddingRanker with the static embedder', () => {
  const ranker = () => createEmbeddingRanker({ embedder: createStaticEmbedderFromTable(table, { components: 1 }) });

  it('ranks the tool of the query topic first and fits the embedder on the catalog', async () => {
    const embedding = ranker();
    expect(embedding.name).toBe('embedding');
    await embedding.index(catalog.tools);
    expect(embedding.size).toBe(6);
    expect(embedding.embedder.modelId).toMatch(/-pc1-/);
    expect(names(await embedding.search('mail a message'))[0]).toBe('send_email');
    expect(names(await embedding.search('rain temperature'))[0]).toBe('get_forecast');
    const hits = await embedding.search('invoice', { limit: 2 });
    expect(hits).toHaveLength(2);
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    expect(hits[0]!.score).toBeLessThanOrEqual(1);
  });

  it('takes a limit of 2^32 with a filter as "all", and refuses NaN and unsafe integers with invalid-option', async () => {
    const embedding = ranker();
    await embedding.index(catalog.tools);
    const hits = await embedding.search('send an email', { limit: 2 ** 32, filter: (tool) => tool.server !== 'git' });
    expect(hits.map((hit) => hit.tool.name).sort()).toEqual(['get_forecast', 'read_file', 'refund_payment', 'schedule_meeting', 'send_email']);
    for (const limit of [Number.NaN, 2 ** 53, 0, 1.5, Infinity]) {
      const error = await Promise.resolve().then(() => embedding.search('email', { limit })).catch((reason: unknown) => reason);
      expect(isLoadoutError(error) && error.code).toBe('invalid-option');
    }
  });

  it('explains with the cosine component and the query words the tool shares, function words aside', async () => {
    const embedding = ranker();
    await embedding.index(catalog.tools);
    const [hit] = await embedding.search('send an email', { explain: true, limit: 1 });
    expect(hit!.explanation!.components).toEqual({ embedding: hit!.score });
    expect(hit!.explanation!.matchedTerms).toEqual(['send', 'email']);
    expect(hit!.explanation!.notes[0]).toMatch(/^cosine similarity /);
  });

  it('filters, adds, replaces and removes tools', async () => {
    const embedding = ranker();
    await embedding.index(catalog.tools);
    const filtered = await embedding.search('mail a message', { filter: (tool) => tool.server !== 'mail', limit: 10 });
    expect(names(filtered)).not.toContain('send_email');
    expect(filtered).toHaveLength(5);
    const [extra] = createCatalog([{ name: 'check_inbox', server: 'mail', description: 'Read mail in the inbox' }]).tools;
    await embedding.add([extra!]);
    expect(embedding.size).toBe(7);
    await embedding.remove(['mcp__mail__send_email', 'unknown']);
    expect(embedding.size).toBe(6);
    expect(names(await embedding.search('email inbox', { limit: 1 }))).toEqual(['check_inbox']);
    expect(embedding.vectorIndex?.size).toBe(6);
  });

  it('returns nothing for an empty query, a query of unknown words or an empty index, and rejects a bad limit', async () => {
    const embedding = ranker();
    expect(await embedding.search('email')).toEqual([]);
    await embedding.index(catalog.tools);
    expect(await embedding.search('   ')).toEqual([]);
    expect(await embedding.search('zzz qqq')).toEqual([]);
    await expect(embedding.search('email', { limit: 0 })).rejects.toSatisfy((error: unknown) => isLoadoutError(error) && error.code === 'invalid-option');
    await embedding.index([]);
    expect(embedding.size).toBe(0);
    expect(await embedding.search('email')).toEqual([]);
  });
});

describe('createEmbeddingRanker with a sentence embedder', () => {
  it('embeds each tool as "name: description" and keeps one entry per display name', async () => {
    const embedder = createCountingEmbedder();
    const embedding = createEmbeddingRanker({ embedder, name: 'semantic' });
    await embedding.index([...catalog.tools, catalog.tools[0]!]);
    expect(embedding.size).toBe(6);
    expect(embedder.embedded).toContain('send_email: Send an email message to an inbox');
    expect(embedder.embedded).toHaveLength(6);
    const [hit] = await embedding.search('refund payment', { explain: true });
    expect(hit!.tool.name).toBe('refund_payment');
    expect(Object.keys(hit!.explanation!.components)).toEqual(['semantic']);
  });

  it('runs end to end on a locally generated transformers.js model with a cache', async () => {
    await writeTinyBert(join(directory, 'tiny-bert'));
    const cache = createEmbeddingCache();
    const embedder = createTransformersEmbedder({ model: 'tiny-bert', localModelPath: directory, cache });
    try {
      const embedding = createEmbeddingRanker({ embedder });
      await embedding.index(catalog.tools);
      expect(cache.size).toBe(6);
      const hits = await embedding.search('send an email message', { limit: 3 });
      expect(hits).toHaveLength(3);
      for (const hit of hits) expect(Math.abs(hit.score)).toBeLessThanOrEqual(1 + 1e-6);
      await embedding.index(catalog.tools);
      expect(cache.stats.hits).toBe(6);
    } finally {
      await embedder.dispose();
    }
  });
});

describe.skipIf(HNSWLIB_MISSING !== undefined)(hnswTitle('createEmbeddingRanker with a saved HNSW index'), () => {
  it('reuses the saved index for an unchanged catalog and rebuilds when the catalog changed', async () => {
    const path = join(directory, 'tools.hnsw');
    const first = createCountingEmbedder();
    const building = createEmbeddingRanker({ embedder: first, index: createHnswIndex({ dimensions: 16, path }) });
    await building.index(catalog.tools);
    expect(building.restored).toBe(false);
    expect(first.embedded).toHaveLength(6);
    expect(existsSync(path)).toBe(true);
    const expected = names(await building.search('weather forecast', { limit: 3 }));

    const second = createCountingEmbedder();
    const reopened = createEmbeddingRanker({ embedder: second, index: createHnswIndex({ dimensions: 16, path }) });
    await reopened.index(catalog.tools);
    expect(reopened.restored).toBe(true);
    expect(reopened.fingerprint).toBe(building.fingerprint);
    expect(second.embedded).toEqual([]);
    expect(names(await reopened.search('weather forecast', { limit: 3 }))).toEqual(expected);
    expect(names(await reopened.search('weather forecast', { filter: (tool) => tool.server === 'pay' }))).toEqual(['refund_payment']);

    const changed = createCatalog([...catalog.tools.slice(1).map((tool) => ({ name: tool.name, server: tool.server, description: tool.description })), { name: 'list_files', server: 'files', description: 'List files' }]);
    const third = createCountingEmbedder();
    const rebuilt = createEmbeddingRanker({ embedder: third, index: createHnswIndex({ dimensions: 16, path }) });
    await rebuilt.index(changed.tools);
    expect(rebuilt.restored).toBe(false);
    expect(third.embedded).toHaveLength(6);
    expect(rebuilt.fingerprint).not.toBe(building.fingerprint);
    const sidecar = decodeHnswSidecar(readFileSync(`${path}.meta`));
    expect(sidecar.fingerprint).toBe(rebuilt.fingerprint);
    expect(names(await rebuilt.search('read file', { limit: 6 }))).not.toContain('read_file');
  });

  it('restores a static-embedder index in a new process even when the catalog comes in another order', async () => {
    const path = join(directory, 'static.hnsw');
    const first = createEmbeddingRanker({
      embedder: createStaticEmbedderFromTable(table, { components: 1 }),
      index: createHnswIndex({ dimensions: 8, path }),
    });
    await first.index(catalog.tools);
    const second = createEmbeddingRanker({
      embedder: createStaticEmbedderFromTable(table, { components: 1 }),
      index: createHnswIndex({ dimensions: 8, path }),
    });
    await second.index([...catalog.tools].reverse());
    expect(second.restored).toBe(true);
    expect(second.embedder.modelId).toBe(first.embedder.modelId);
    expect(names(await second.search('mail a message', { limit: 1 }))).toEqual(['send_email']);
  });
});
