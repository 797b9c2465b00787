import { fnv1a32Bytes } from '@loadout/core/utils';
import fc from 'fast-check';
import { hostileValue } from './hostile-values.js';

/** `bytes` with its trailing checksum rewritten, so a reader's structural checks (not the checksum) see the damage. */
function resealed(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 4) return bytes;
  const copy = bytes.slice();
  new DataView(copy.buffer).setUint32(copy.length - 4, fnv1a32Bytes(copy, 0, copy.length - 4), true);
  return copy;
}

/**
 * Inputs for a file decoder whose valid files look like `sample`: random
 * bytes; the sample with bytes changed, a u32 overwritten by a huge, zero or
 * "negative" value (both with the checksum left stale and rewritten),
 * truncated or extended; and non-byte values.
 */
export function hostileBytes(sample: Uint8Array): fc.Arbitrary<unknown> {
  const at = fc.nat({ max: Math.max(0, sample.length - 1) });
  const damaged = fc
    .tuple(
      fc.array(fc.tuple(at, fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }),
      fc.option(fc.tuple(at, fc.constantFrom(0, 1, 0x7fffffff, 0xffffffff, 0x80000000)), { nil: undefined }),
      fc.boolean(),
    )
    .map(([changes, word, reseal]) => {
      const copy = sample.slice();
      for (const [position, change] of changes) copy[position]! ^= change;
      if (word !== undefined && word[0] + 4 <= copy.length) new DataView(copy.buffer).setUint32(word[0], word[1], true);
      return reseal ? resealed(copy) : copy;
    });
  const resized = fc.tuple(fc.nat({ max: sample.length + 64 }), fc.boolean()).map(([length, reseal]) => {
    const copy = new Uint8Array(length);
    copy.set(sample.subarray(0, length));
    return reseal ? resealed(copy) : copy;
  });
  return fc.oneof(
    { arbitrary: fc.uint8Array({ maxLength: 512 }), weight: 2 },
    { arbitrary: damaged, weight: 5 },
    { arbitrary: resized, weight: 2 },
    { arbitrary: hostileValue, weight: 1 },
  );
}
