import { createCatalog } from '@loadout/core';
import { createFakeEmbedder, createFakeRanker } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { OTHER_TOOLS, TOOLS } from '../__fixtures__/catalog.js';
import { decodeVectorSet } from '../persistence/vector-blob.js';
import { createVectorRanker } from './embedding-rankers.js';
import { VECTOR_STORE_VERSION, vectorPersistence } from './vector-persistence.js';

const tools = createCatalog(TOOLS).tools;

describe('vectorPersistence', () => {
  it('stores the vectors as a checksummed vector-set frame that a fresh ranker restores without embedding the catalog', async () => {
    const persistence = vectorPersistence('fake/1');
    expect(persistence.format).toBe(`${VECTOR_STORE_VERSION}/fake/1`);
    const built = createVectorRanker('fake-vectors', createFakeEmbedder());
    await built.index(tools);
    const bytes = await persistence.save(built);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('LDVX');
    expect(decodeVectorSet(bytes).keys).toHaveLength(tools.length);

    const embedder = createFakeEmbedder();
    const fresh = createVectorRanker('fake-vectors', embedder);
    await persistence.restore(fresh, bytes, tools);
    expect(fresh.restored).toBe(true);
    expect(embedder.embeddedCount).toBe(0);
    const query = 'send an email';
    expect((await fresh.search(query)).map((hit) => hit.tool.name)).toEqual((await built.search(query)).map((hit) => hit.tool.name));
  });

  it('refuses vectors of another catalog with index-corrupt, and a ranker before it indexed', async () => {
    const persistence = vectorPersistence('fake/1');
    const built = createVectorRanker('fake-vectors', createFakeEmbedder());
    await expect(persistence.save(built)).rejects.toMatchObject({ code: 'index-corrupt', message: '@loadout/browser: ranker "fake-vectors" has no vectors to store yet' });
    await built.index(tools);
    const bytes = await persistence.save(built);
    const other = createVectorRanker('fake-vectors', createFakeEmbedder());
    await expect(persistence.restore(other, bytes, createCatalog(OTHER_TOOLS).tools)).rejects.toMatchObject({
      code: 'index-corrupt',
      message: '@loadout/browser: stored vectors of ranker "fake-vectors" do not fit this catalog',
    });
  });

  it('rejects a ranker that keeps no stored vectors', async () => {
    await expect(vectorPersistence('fake/1').save(createFakeRanker({ name: 'plain' }))).rejects.toMatchObject({
      code: 'invalid-input',
      message: '@loadout/browser: ranker "plain" keeps no stored vectors',
    });
  });
});
