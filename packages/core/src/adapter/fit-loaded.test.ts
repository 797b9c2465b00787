import { describe, expect, it } from 'vitest';
import { fitLoaded } from './fit-loaded.js';
import { createRecentUse } from './recent-use.js';

describe('fitLoaded', () => {
  it('keeps everything that fits, in the order given', () => {
    expect(fitLoaded(['a', 'b'], 2)).toEqual({ kept: ['a', 'b'], unloaded: [] });
    expect(fitLoaded(['a', 'b'], Number.POSITIVE_INFINITY)).toEqual({ kept: ['a', 'b'], unloaded: [] });
  });

  it('unloads the least recently used first and keeps the others in the order given', () => {
    const recent = createRecentUse();
    for (const name of ['a', 'b', 'c', 'a']) recent.use(name);
    expect(fitLoaded(['x', 'a', 'b', 'c'], 2, recent.order)).toEqual({ kept: ['a', 'c'], unloaded: ['x', 'b'] });
    expect(fitLoaded(['a', 'b', 'c'], 1)).toEqual({ kept: ['c'], unloaded: ['a', 'b'] });
    expect(fitLoaded(['a'], -1)).toEqual({ kept: [], unloaded: ['a'] });
  });
});
