import { describe, expect, it } from 'vitest';
import { sealFrame } from '@loadout/core/utils';
import { damageOutcome, undetectedBitFlips } from '@loadout/core/test';
import { decodeHnswSidecar, encodeHnswSidecar, type HnswSidecar } from './hnsw-sidecar.js';

const sidecar: HnswSidecar = {
  dimensions: 4,
  fingerprint: 'catalog-1',
  indexBytes: 1234,
  indexChecksum: 0xdeadbeef,
  nextLabel: 3,
  labels: [
    [0, 'a'],
    [2, 'c'],
  ],
};

/** A sidecar with valid framing and checksum around `fields` (JSON). */
const crafted = (fields: unknown): Uint8Array =>
  sealFrame({ magic: encodeHnswSidecar(sidecar).subarray(0, 4), version: 2, corrupt: () => new Error('unused') as never }, new TextEncoder().encode(JSON.stringify(fields)));

describe('HNSW sidecar codec', () => {
  it('round-trips', () => {
    expect(decodeHnswSidecar(encodeHnswSidecar(sidecar))).toEqual(sidecar);
    expect(decodeHnswSidecar(encodeHnswSidecar({ ...sidecar, fingerprint: null, labels: [] }))).toMatchObject({ fingerprint: null, labels: [] });
  });

  it('detects every flipped bit at every byte position', () => {
    expect(undetectedBitFlips(encodeHnswSidecar(sidecar), decodeHnswSidecar)).toEqual([]);
  });

  it.each([
    ['not an object', 7],
    ['zero dimensions', { ...sidecar, dimensions: 0 }],
    ['huge dimensions', { ...sidecar, dimensions: 2 ** 32 }],
    ['negative sizes', { ...sidecar, indexBytes: -1 }],
    ['a NaN size (null in JSON)', { ...sidecar, nextLabel: null }],
    ['a checksum past 32 bits', { ...sidecar, indexChecksum: 2 ** 32 }],
    ['a numeric fingerprint', { ...sidecar, fingerprint: 7 }],
    ['labels that are not a list', { ...sidecar, labels: {} }],
    ['a label at nextLabel', { ...sidecar, labels: [[3, 'd']] }],
    ['a fractional label', { ...sidecar, labels: [[0.5, 'd']] }],
    ['a label listed twice', { ...sidecar, labels: [[0, 'a'], [0, 'b']] }],
    ['a key listed twice', { ...sidecar, labels: [[0, 'a'], [1, 'a']] }],
    ['a key that is not a string', { ...sidecar, labels: [[0, 1]] }],
  ])('refuses a checksummed sidecar holding %s as index-corrupt', (_, fields) => {
    expect(damageOutcome(() => decodeHnswSidecar(crafted(fields)))).toBe('index-corrupt');
  });
});
