import { describe, expect, it } from 'vitest';
import { withoutSiblingFeatures } from './without-sibling-features.js';

describe('withoutSiblingFeatures', () => {
  it('keeps the first features of every row and the labels', () => {
    const labels = new Uint8Array([0, 1]);
    const log = { queries: [{ features: new Float64Array([1, 2, 9, 3, 4, 9]), labels, count: 2, weight: 2 }], events: 5 };
    const narrow = withoutSiblingFeatures(log, 2, 3);
    expect(narrow.events).toBe(5);
    expect(Array.from(narrow.queries[0]!.features)).toEqual([1, 2, 3, 4]);
    expect(narrow.queries[0]).toMatchObject({ labels, count: 2, weight: 2 });
  });
});
