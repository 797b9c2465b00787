import { describe, expect, it } from 'vitest';
import { createCatalog } from '@loadout/core';
import { createBm25Ranker } from '@loadout/bm25';
import { yieldingRankers } from './yielding-ranker.js';

describe('yieldingRankers', () => {
  it('lets a task (a signal listener) run between awaited searches, and searches as the ranker does', async () => {
    const { tools } = createCatalog([{ name: 'write_file', description: 'Write text to disk' }, { name: 'get_weather', description: 'Weather for a city' }]);
    const plain = createBm25Ranker();
    plain.index(tools);
    const ranker = await yieldingRankers(() => createBm25Ranker(), 0)(undefined);
    await ranker.index(tools);
    expect(ranker.size).toBe(2);
    expect(await ranker.search('weather')).toEqual(plain.search('weather'));
    let searches = 0;
    let seenAfter: number | undefined;
    setImmediate(() => (seenAfter = searches));
    for (let index = 0; index < 100; index++) {
      await ranker.search('write a file');
      searches++;
    }
    expect(seenAfter).toBeLessThan(100);
  });
});
