import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_NAME_PATTERN, assignApiNames, toApiName } from './api-name.js';
import { createCatalog } from './create-catalog.js';
import { fnv1a32 } from '../utils/fnv1a.js';

const anyName = fc.string({ unit: 'binary', minLength: 1, maxLength: 120 });
const nameLike = fc.oneof(
  anyName,
  fc.stringMatching(/^[a-zA-Z0-9_.:-]{1,80}$/),
  fc.constantFrom('a.b', 'a:b', 'a_b', 'a b', 'a__b', 'a@:$*b', 'a|+@#b'),
);

describe('toApiName', () => {
  it('keeps names that are already safe', () => {
    expect(toApiName('mcp__github__create_issue')).toBe('mcp__github__create_issue');
    expect(toApiName('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('replaces unsafe runs and appends a hash of the original', () => {
    expect(toApiName('TheClique::Songkick concert')).toBe(`TheClique_Songkick_concert_${fnv1a32('TheClique::Songkick concert').toString(36).padStart(7, '0')}`);
    expect(toApiName('查询天气')).toMatch(/^tool_[0-9a-z]{7}$/);
  });

  it('cuts long names to 64 characters and keeps them distinct', () => {
    const long = `mcp__server__${'a'.repeat(80)}`;
    expect(toApiName(long)).toHaveLength(64);
    expect(toApiName(long)).not.toBe(toApiName(`${long}b`));
  });

  it('always yields a Messages-API-safe name', () => {
    fc.assert(fc.property(anyName, (name) => API_NAME_PATTERN.test(toApiName(name))));
  });
});

describe('assignApiNames', () => {
  it('gives way to a safe name that equals a derived one', () => {
    const derived = toApiName('a.b');
    const names = assignApiNames(['a.b', derived]);
    expect(names[1]).toBe(derived);
    expect(names[0]).not.toBe(derived);
    expect(names[0]).toMatch(API_NAME_PATTERN);
  });

  it('separates two names whose hashes collide, in an order-independent way', () => {
    expect(toApiName('a@:$*b')).toBe(toApiName('a|+@#b'));
    const forward = assignApiNames(['a@:$*b', 'a|+@#b']);
    const backward = assignApiNames(['a|+@#b', 'a@:$*b']);
    expect(new Set(forward).size).toBe(2);
    expect(backward).toEqual([forward[1], forward[0]]);
  });

  it('is unique, safe and independent of catalog order for any set of names', () => {
    fc.assert(
      fc.property(fc.uniqueArray(nameLike, { maxLength: 40 }), fc.infiniteStream(fc.nat()), (names, stream) => {
        const apiNames = assignApiNames(names);
        expect(new Set(apiNames).size).toBe(names.length);
        for (const apiName of apiNames) expect(apiName).toMatch(API_NAME_PATTERN);
        const order = names.map((name, index) => ({ name, key: stream.next().value as number, index }));
        order.sort((a, b) => a.key - b.key || a.index - b.index);
        const shuffled = assignApiNames(order.map((entry) => entry.name));
        order.forEach((entry, position) => expect(shuffled[position]).toBe(apiNames[entry.index]));
      }),
    );
  });

  it('maps back through catalog.byApiName', () => {
    fc.assert(
      fc.property(fc.uniqueArray(nameLike, { maxLength: 40 }), (names) => {
        const catalog = createCatalog(names.map((name) => ({ name })));
        expect(catalog.byApiName.size).toBe(names.length);
        for (const tool of catalog.tools) expect(catalog.byApiName.get(tool.apiName)).toBe(tool);
      }),
    );
  });
});
