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
    expect(describeValue(nestedArray(100_000))).toBe('an array of 1 item');
    expect(describeValue({ a: nestedArray(10_000) })).toBe('an object with key "a"');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(describeValue(cycle)).toBe('an object with key "self"');
    const hostile = Object.create({ toJSON: () => { throw new Error('no'); }, toString: () => { throw new Error('no'); } }) as object;
    expect(describeValue(hostile)).toBe('a value of type object');
  });
});

describe('describeValue shows scalars but only the shape of arrays and objects', () => {
  it('quotes strings and shows numbers, booleans, null and undefined', () => {
    expect(describeValue('opus')).toBe('"opus"');
    expect(describeValue(42)).toBe('42');
    // JSON writes these as null; a message must say which it was (a config's 1e400 parses as Infinity).
    expect(describeValue(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(describeValue(-Infinity)).toBe('-Infinity');
    expect(describeValue(Number.NaN)).toBe('NaN');
    expect(describeValue(false)).toBe('false');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue('x'.repeat(200))).toHaveLength(80);
  });

  it('never echoes what an array or object holds (a file\'s text, a nested secret)', () => {
    expect(describeValue([1, 'two'])).toBe('an array of 2 items');
    expect(describeValue({ mods: [{ options: { apiKey: 'hunter2' } }] })).toBe('an object with key "mods"');
    expect(describeValue({ a: 1, b: 2 })).toBe('an object with keys "a", "b"');
    expect(describeValue([])).toBe('[]');
    expect(describeValue({})).toBe('{}');
    expect(describeValue(Object.create(null) as object)).toBe('{}');
    expect(describeValue({ secret: 'hunter2' })).not.toContain('hunter2');
  });

  it('shows a class instance (an SDK client with its key) and a function by kind only', () => {
    class Client {
      readonly apiKey = 'hunter2';
    }
    expect(describeValue(new Client())).toBe('a value of type Client');
    expect(describeValue(new Map([['apiKey', 'hunter2']]))).toBe('a value of type Map');
    expect(describeValue(() => 'hunter2')).toBe('a function');
    expect(describeValue(Object.create({ apiKey: 'hunter2' }) as object)).toBe('a value of type object');
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
