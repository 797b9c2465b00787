import { describe, expect, it } from 'vitest';
import { isOutOfMemory, withinMemory } from './out-of-memory.js';

describe('withinMemory', () => {
  it('turns an engine out of memory (SpiderMonkey throws a string, QuickJS an InternalError, or null) into catalog-too-large naming the catalog', () => {
    expect(isOutOfMemory('out of memory')).toBe(true);
    expect(isOutOfMemory(Object.assign(new Error('out of memory'), { name: 'InternalError' }))).toBe(true);
    expect(isOutOfMemory(null)).toBe(true);
    for (const thrown of ['out of memory', new Error('out of memory')]) {
      expect(() =>
        withinMemory('[]', 'tools.json', () => {
          throw thrown;
        }),
      ).toThrow(expect.objectContaining({ code: 'catalog-too-large', message: expect.stringMatching(/^tools\.json: 2 characters of catalog ran out of the engine's memory while indexing; /) }));
    }
  });

  it('lets every other error through and returns the answer', () => {
    const other = new RangeError('Maximum call stack size exceeded');
    expect(() =>
      withinMemory('[]', 'tools.json', () => {
        throw other;
      }),
    ).toThrow(other);
    expect(isOutOfMemory(new Error('out of memory while reading file'))).toBe(false);
    expect(withinMemory('[]', 'tools.json', () => 42)).toBe(42);
  });
});
