import { describe, expect, it } from 'vitest';
import { createCachedTokenCounter } from './cached-token-counter.js';
import type { TokenCounter } from './token-counter.js';

function spyCounter(id = 'spy'): TokenCounter & { calls: number } {
  return {
    specificationVersion: 'v1',
    id,
    calls: 0,
    count(text: string) {
      this.calls++;
      return text.length;
    },
  };
}

describe('createCachedTokenCounter', () => {
  it('counts each distinct text once and keeps the id', () => {
    const inner = spyCounter();
    const cached = createCachedTokenCounter(inner);
    expect(cached).toMatchObject({ specificationVersion: 'v1', id: 'spy' });
    expect([cached.count('abc'), cached.count('abc'), cached.count('de'), cached.count('abc')]).toEqual([3, 3, 2, 3]);
    expect(inner.calls).toBe(2);
    expect(cached.size).toBe(2);
  });

  it('evicts the least recently used text beyond maxEntries', () => {
    const inner = spyCounter();
    const cached = createCachedTokenCounter(inner, { maxEntries: 2 });
    cached.count('a');
    cached.count('b');
    cached.count('a');
    cached.count('c');
    expect(cached.size).toBe(2);
    cached.count('a');
    expect(inner.calls).toBe(3);
    cached.count('b');
    expect(inner.calls).toBe(4);
  });

  it('clears on demand', () => {
    const inner = spyCounter();
    const cached = createCachedTokenCounter(inner);
    cached.count('a');
    cached.clear();
    cached.count('a');
    expect(inner.calls).toBe(2);
  });

  it('reads odd maxEntries values safely', () => {
    const zero = createCachedTokenCounter(spyCounter(), { maxEntries: 0 });
    zero.count('a');
    zero.count('b');
    expect(zero.size).toBe(1);
    const nan = createCachedTokenCounter(spyCounter(), { maxEntries: Number.NaN });
    nan.count('a');
    nan.count('b');
    expect(nan.size).toBe(2);
  });
});
