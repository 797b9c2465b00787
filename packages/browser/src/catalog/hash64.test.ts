import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { hash64 } from './hash64.js';

describe('hash64', () => {
  it('is 16 hex digits and deterministic', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const hash = hash64(text);
        expect(hash).toMatch(/^[0-9a-f]{16}$/);
        expect(hash64(text)).toBe(hash);
      }),
    );
  });

  it('tells apart texts that differ in one character or in order', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 100 }), fc.nat(), (text, at) => {
        const position = at % text.length;
        const changed = text.slice(0, position) + String.fromCharCode((text.charCodeAt(position) + 1) % 0xffff) + text.slice(position + 1);
        expect(hash64(changed)).not.toBe(hash64(text));
      }),
    );
    expect(hash64('ab')).not.toBe(hash64('ba'));
  });
});
