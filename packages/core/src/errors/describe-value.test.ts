import { describe, expect, it } from 'vitest';
import { parseCatalogText } from '../catalog/parse-catalog-text.js';
import { describeValue, isLoadoutError } from './loadout-error.js';

function nestedArray(levels: number): unknown {
  let value: unknown = [];
  for (let index = 0; index < levels; index++) value = [value];
  return value;
}

describe('describeValue never throws', () => {
  it('describes values nested 100,000 levels, cycles and a throwing toString without throwing', () => {
    // Where JSON.stringify overflows (Node) the kind is shown; an engine with a deeper stack renders the start.
    expect(describeValue(nestedArray(100_000))).toMatch(/^(an array|\[{79}…)$/);
    expect(describeValue({ a: nestedArray(10_000) })).toMatch(/^(\[object Object\]|\{"a":\[+…)$/);
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(describeValue(cycle)).toBe('[object Object]');
    const hostile = { toJSON: () => { throw new Error('no'); }, toString: () => { throw new Error('no'); } };
    expect(describeValue(hostile)).toBe('a value of type object');
    expect(describeValue([1, 'two'])).toBe('[1,"two"]');
  });
});

describe('parseCatalogText with deeply nested text', () => {
  it('answers invalid JSON nested 11,000 levels with catalog-invalid-json (no stack overflow), and parses valid deep JSON', () => {
    const error = (() => {
      try {
        parseCatalogText('['.repeat(11_000) + '{', { source: 'deep.json' });
      } catch (reason) {
        return reason;
      }
      return undefined;
    })();
    expect(isLoadoutError(error) && error.code).toBe('catalog-invalid-json');
    expect(() => parseCatalogText(`[{"name": "a", "inputSchema": {"type": "object", "x": ${'['.repeat(20_000)}${']'.repeat(20_000)}}}]`, { source: 'ok.json' })).not.toThrow();
  });
});
