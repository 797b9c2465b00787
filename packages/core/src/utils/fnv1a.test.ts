import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fnv1a32, fnv1a32Bytes, fnv1a64 } from './fnv1a.js';

function referenceFnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < text.length; index++) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

describe('fnv1a32', () => {
  it('is FNV-1a 32 (known vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('continues from a seed, and hashes bytes like the code units of the same values', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(fnv1a32(b, fnv1a32(a))).toBe(fnv1a32(a + b));
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array(), fc.nat(), (bytes, cut) => {
        const text = String.fromCharCode(...bytes);
        expect(fnv1a32Bytes(bytes)).toBe(fnv1a32(text));
        const at = bytes.length === 0 ? 0 : cut % bytes.length;
        expect(fnv1a32Bytes(bytes, at, bytes.length, fnv1a32Bytes(bytes, 0, at))).toBe(fnv1a32(text));
      }),
    );
  });
});

describe('fnv1a64', () => {
  it('is FNV-1a 64 (known vectors)', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('matches a BigInt reference on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(fnv1a64(text)).toBe(referenceFnv1a64(text));
      }),
    );
  });

  it('tells apart texts that differ in one character or in order', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 100 }), fc.nat(), (text, at) => {
        const position = at % text.length;
        const changed = text.slice(0, position) + String.fromCharCode((text.charCodeAt(position) + 1) % 0xffff) + text.slice(position + 1);
        expect(fnv1a64(changed)).not.toBe(fnv1a64(text));
      }),
    );
    expect(fnv1a64('ab')).not.toBe(fnv1a64('ba'));
  });

  it('separates near-identical texts', () => {
    const hashes = new Set(Array.from({ length: 2000 }, (_, index) => fnv1a64(`tool ${index}`)));
    expect(hashes.size).toBe(2000);
  });
});
