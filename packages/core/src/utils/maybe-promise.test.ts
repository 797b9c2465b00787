import { describe, expect, it } from 'vitest';
import { isPromise, thenMaybe } from './maybe-promise.js';

describe('maybe-promise helpers', () => {
  it('tells promises and thenables from plain values', () => {
    expect(isPromise(Promise.resolve(1))).toBe(true);
    expect(isPromise({ then: () => {} } as unknown as Promise<void>)).toBe(true);
    for (const value of [1, null, undefined, { then: 1 }, 'then']) expect(isPromise(value as never)).toBe(false);
  });

  it('applies the continuation synchronously to a plain value and after resolution to a promise', async () => {
    expect(thenMaybe(2, (value) => value * 3)).toBe(6);
    const later = thenMaybe(Promise.resolve(2), (value) => value * 3);
    expect(isPromise(later)).toBe(true);
    expect(await later).toBe(6);
  });
});
