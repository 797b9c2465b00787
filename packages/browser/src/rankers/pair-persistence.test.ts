import { createCatalog } from '@loadout/core';
import type { RankerPersistence } from '@loadout/core';
import { createFakeRanker } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { pairPersistence, trackPair } from './pair-persistence.js';

/** A part's persistence that stores the ranker's name, and records what it restored. */
function namePersistence(format: string, restored: string[]): RankerPersistence {
  return {
    format,
    save: (ranker) => new TextEncoder().encode(ranker.name),
    restore: (ranker, bytes) => {
      const text = new TextDecoder().decode(bytes);
      if (text !== ranker.name) throw Object.assign(new Error(`not ${ranker.name}`), { code: 'index-corrupt' });
      restored.push(text);
    },
  };
}

function setup() {
  const restored: string[] = [];
  const first = createFakeRanker({ name: 'lexical' });
  const second = createFakeRanker({ name: 'semantic' });
  const pair = trackPair(createFakeRanker({ name: 'hybrid' }), { first, second });
  const persistence = pairPersistence(namePersistence('lbmf2', restored), namePersistence('ldvx1/static/x', restored));
  return { pair, persistence, restored, tools: createCatalog(TOOLS).tools };
}

describe('pairPersistence', () => {
  it('stores the first part after its length (u32, little-endian), then the second: the pair1 layout', async () => {
    const { pair, persistence } = setup();
    expect(persistence.format).toBe('pair1/lbmf2+ldvx1/static/x');
    const bytes = await persistence.save(pair);
    expect([...bytes]).toEqual([7, 0, 0, 0, ...new TextEncoder().encode('lexicalsemantic')]);
  });

  it('restores both parts from a blob in that layout', async () => {
    const { pair, persistence, restored, tools } = setup();
    const blob = Uint8Array.of(7, 0, 0, 0, ...new TextEncoder().encode('lexicalsemantic'));
    await persistence.restore(pair, blob, tools);
    expect(restored).toEqual(['lexical', 'semantic']);
  });

  it('rejects a truncated blob with index-corrupt, and fails when a part does not restore', async () => {
    const { pair, persistence, tools } = setup();
    await expect(persistence.restore(pair, Uint8Array.of(7, 0), tools)).rejects.toMatchObject({ code: 'index-corrupt', message: '@loadout/browser: stored pair of ranker "hybrid" is truncated' });
    await expect(persistence.restore(pair, Uint8Array.of(200, 0, 0, 0, 1, 2), tools)).rejects.toMatchObject({ code: 'index-corrupt' });
    await expect(persistence.restore(pair, Uint8Array.of(3, 0, 0, 0, ...new TextEncoder().encode('lexsemantic')), tools)).rejects.toMatchObject({ code: 'index-corrupt' });
  });

  it('rejects a ranker that is not a tracked pair', async () => {
    const { persistence } = setup();
    await expect(persistence.save(createFakeRanker({ name: 'alone' }))).rejects.toMatchObject({ code: 'invalid-input', message: '@loadout/browser: ranker "alone" is not a pair of rankers' });
  });
});
