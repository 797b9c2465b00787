import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { contentHash } from './content-hash.js';

function referenceFnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < text.length; index++) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

describe('contentHash', () => {
  it('is FNV-1a 64 (known vectors)', () => {
    expect(contentHash('')).toBe('cbf29ce484222325');
    expect(contentHash('a')).toBe('af63dc4c8601ec8c');
    expect(contentHash('foobar')).toBe('85944171f73967e8');
  });

  it('matches a BigInt reference on any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => {
      expect(contentHash(text)).toBe(referenceFnv1a64(text));
    }));
  });

  it('separates near-identical texts', () => {
    const hashes = new Set(Array.from({ length: 2000 }, (_, index) => contentHash(`tool ${index}`)));
    expect(hashes.size).toBe(2000);
  });
});
