import { describe, expect, it } from 'vitest';
import { LEXICAL_RERANK_MODEL } from '@loadout/learn/rerank';
import { GLOVE_RERANK_MODEL } from '@loadout/learn/rerank-glove';
import { createCatalog } from '@loadout/core';
import { usageRankerFactory } from '@loadout/core/plugins';
import { bm25fDefinition } from './bm25f-definition.js';
import { rerankDefinition } from './rerank-definition.js';
import { rerankGloveDefinition } from './rerank-glove-definition.js';

const { tools } = createCatalog([
  { name: 'write_file', server: 'fs', description: 'Write text to disk' },
  { name: 'keep_alive', server: 'net', description: 'Keep a connection open' },
]);
const usage = { text: (tool: { name: string }) => (tool.name === 'write_file' ? 'keep the recipe for later' : undefined), weight: 1 };

describe('bm25f and rerank learn from usage through their definitions', () => {
  it('take the usage field and a model (bm25f then re-ranks its own BM25F)', async () => {
    for (const definition of [bm25fDefinition, rerankDefinition]) {
      expect(definition.capabilities?.usage?.learns).toEqual(['model']);
      const factory = usageRankerFactory(definition as never, { bm25: { k1: 1.5 } })!;
      const plain = await factory(undefined);
      await plain.index(tools);
      expect((await plain.search('keep the recipe for later'))[0]?.tool.name).toBe('keep_alive');
      const learned = await factory(usage);
      await learned.index(tools);
      expect((await learned.search('keep the recipe for later'))[0]?.tool.name).toBe('write_file');
      const reranked = await factory({ ...usage, model: LEXICAL_RERANK_MODEL });
      expect(reranked.name).toBe('rerank');
      await reranked.index(tools);
      const hit = (await reranked.search('keep the recipe for later', { explain: true }))[0];
      expect(hit?.explanation?.notes.join(' ')).toContain('re-ranked');
    }
  });

  it('load the word-vector table for a learned model with word-vector features (the GloVe one here)', async () => {
    for (const definition of [bm25fDefinition, rerankDefinition]) {
      const reranked = await usageRankerFactory(definition as never)!({ ...usage, model: GLOVE_RERANK_MODEL });
      await reranked.index(tools);
      const hit = (await reranked.search('keep the recipe for later', { explain: true }))[0];
      expect(Object.keys(hit?.explanation?.components ?? {})).toContain('feature.vector.query');
    }
  });

  it('rerank-glove learns the usage field and keeps its word-vector model', async () => {
    expect(rerankGloveDefinition.capabilities?.usage?.learns).toEqual([]);
    const learned = await usageRankerFactory(rerankGloveDefinition as never)!(usage);
    expect(learned.name).toBe('rerank-glove');
    await learned.index(tools);
    const hit = (await learned.search('keep the recipe for later', { explain: true }))[0];
    expect(hit?.tool.name).toBe('write_file');
    expect(Object.keys(hit?.explanation?.components ?? {})).toContain('feature.vector.query');
  });

  it('refuses a model that is not one with invalid-option', async () => {
    await expect(usageRankerFactory(bm25fDefinition as never)!({ ...usage, model: { format: 'nope' } })).rejects.toMatchObject({ code: 'invalid-option' });
  });
});
