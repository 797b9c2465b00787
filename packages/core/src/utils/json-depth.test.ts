import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepth } from './json-depth.js';

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let index = 0; index < levels; index++) value = index % 2 === 0 ? [value] : { pad: value };
  return value;
}

function recursiveDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(recursiveDepth));
}

describe('jsonDepth', () => {
  it('counts scalars as 0 and each object or array level as 1', () => {
    expect(jsonDepth('x', 10)).toBe(0);
    expect(jsonDepth({}, 10)).toBe(1);
    expect(jsonDepth({ a: [1, { b: 2 }] }, 10)).toBe(3);
  });

  it('equals a recursive count on arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(jsonDepth(value, 1000)).toBe(recursiveDepth(value));
      }),
    );
  });

  it('handles 100,000 levels and cycles without recursion, stopping just past the limit', () => {
    expect(jsonDepth(nested(100_000), 256)).toBe(257);
    expect(jsonDepth(nested(100_000), 1_000_000)).toBe(100_000);
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(jsonDepth(cycle, 50)).toBe(51);
  });
});
