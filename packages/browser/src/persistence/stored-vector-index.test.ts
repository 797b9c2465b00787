import { describe, it, expect, vi } from 'vitest';
import { createCatalog } from '@loadout/core';
import { createEmbeddingRanker, createStaticEmbedderFromTable } from '@loadout/embeddings/browser';
import { TOOLS } from '../__fixtures__/catalog.js';
import { tinyTable } from '../__fixtures__/tiny-table.js';
import { createStoredVectorIndex } from './stored-vector-index.js';
import { decodeVectorSet, encodeVectorSet } from './vector-blob.js';


const tools = createCatalog(TOOLS).tools;
const names = (hits: readonly { tool: { name: string } }[]) => hits.map((hit) => hit.tool.name);
const embedder = () => createStaticEmbedderFromTable(tinyTable(), { components: 1 });

describe('createStoredVectorIndex', () => {
  it('is saved by the embedding ranker after a build and restores a later ranker without embedding', async () => {
    const first = createStoredVectorIndex();
    const building = createEmbeddingRanker({ embedder: embedder(), index: first });
    await building.index(tools);
    expect(building.restored).toBe(false);
    expect(first.saved).toBe(true);
    expect(first.size).toBe(12);
    const set = first.toVectorSet()!;
    expect(set.fingerprint).toBe(building.fingerprint);
    expect(set.dimensions).toBe(100);
    const expected = names(await building.search('send mail to the inbox', { limit: 3 }));
    expect(expected[0]).toBe('send_email');

    const second = embedder();
    const embedTools = vi.spyOn(second, 'embedTools');
    const restored = createStoredVectorIndex(decodeVectorSet(encodeVectorSet(set)));
    const reopened = createEmbeddingRanker({ embedder: second, index: restored });
    await reopened.index(tools);
    expect(reopened.restored).toBe(true);
    expect(restored.saved).toBe(false);
    expect(embedTools).not.toHaveBeenCalled();
    expect(names(await reopened.search('send mail to the inbox', { limit: 3 }))).toEqual(expected);
  });

  it('is rebuilt when the catalog no longer matches the restored fingerprint', async () => {
    const first = createStoredVectorIndex();
    await createEmbeddingRanker({ embedder: embedder(), index: first }).index(tools);
    const changed = createCatalog(TOOLS.map((tool, index) => (index === 0 ? { ...tool, description: 'Read a document' } : tool))).tools;
    const index = createStoredVectorIndex(first.toVectorSet());
    const ranker = createEmbeddingRanker({ embedder: embedder(), index });
    await ranker.index(changed);
    expect(ranker.restored).toBe(false);
    expect(index.saved).toBe(true);
    expect(index.fingerprint).not.toBe(first.fingerprint);
  });

  it('answers empty before any vector and learns its dimensions from the first ones', () => {
    const index = createStoredVectorIndex();
    expect(index.dimensions).toBe(0);
    expect(index.search(Float32Array.of(1, 0), 3)).toEqual([]);
    expect(index.toVectorSet()).toBeUndefined();
    index.add([{ key: 'a', vector: Float32Array.of(3, 4) }]);
    expect(index.dimensions).toBe(2);
    expect(index.keys()).toEqual(['a']);
    expect(Array.from(index.getVector('a')!)).toEqual([expect.closeTo(0.6), expect.closeTo(0.8)]);
    index.remove(['a']);
    expect(index.size).toBe(0);
    expect(index.load()).toBe(false);
  });
});
