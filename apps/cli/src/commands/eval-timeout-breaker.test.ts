import { createLoadoutError } from '@loadout/core';
import type { Ranker, SearchHit } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { TIMEOUTS_IN_A_ROW, withTimeoutBreaker } from './eval-timeout-breaker.js';

/** A ranker whose searches answer as `script` says, in turn: `ok`, `timeout` or `throw`. */
function scripted(script: readonly string[]): Ranker & { calls: number } {
  const hits: readonly SearchHit[] = [];
  const ranker = {
    specificationVersion: 'v1' as const,
    name: 'plug',
    size: 0,
    calls: 0,
    index: () => undefined,
    add: () => undefined,
    remove: () => undefined,
    search: async () => {
      const step = script[ranker.calls++];
      if (step === 'timeout') throw createLoadoutError('ranker-timeout', 'ranker "plug" took longer than 2000 ms');
      if (step === 'throw') throw createLoadoutError('ranker-failed', 'ranker "plug" failed');
      return hits;
    },
  };
  return ranker;
}

describe('withTimeoutBreaker', () => {
  it(`stops asking after ${TIMEOUTS_IN_A_ROW} timeouts in a row, failing the rest at once with ranker-timeout`, async () => {
    const ranker = scripted(['timeout', 'timeout', 'timeout', 'ok']);
    const guarded = withTimeoutBreaker(ranker);
    for (let query = 0; query < 3; query++) await expect(guarded.search('q')).rejects.toMatchObject({ code: 'ranker-timeout' });
    expect(() => guarded.search('q')).toThrow(expect.objectContaining({ code: 'ranker-timeout', message: expect.stringMatching(/3 queries in a row, so eval stopped asking it/) }));
    expect(ranker.calls).toBe(3);
  });

  it('counts only timeouts in a row: an answer or another failure starts again', async () => {
    const ranker = scripted(['timeout', 'timeout', 'ok', 'timeout', 'timeout', 'throw', 'timeout', 'timeout', 'ok']);
    const guarded = withTimeoutBreaker(ranker);
    for (let query = 0; query < 9; query++) await Promise.resolve(guarded.search('q')).catch(() => undefined);
    expect(ranker.calls).toBe(9);
    expect(guarded.name).toBe('plug');
  });

  it('keeps a synchronous ranker synchronous', () => {
    const sync: Ranker = { specificationVersion: 'v1', name: 'sync', size: 0, index: () => undefined, add: () => undefined, remove: () => undefined, search: () => [] };
    expect(withTimeoutBreaker(sync).search('q')).toEqual([]);
  });
});
