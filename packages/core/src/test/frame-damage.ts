import { FRAME_TRAILER_BYTES } from '../utils/checksum-frame.js';
import { fnv1a32Bytes } from '../utils/fnv1a.js';
import { isLoadoutError } from '../errors/loadout-error.js';

/**
 * A copy of a frame written by `sealFrame` with its checksum recomputed, so
 * a test can check that a reader's structural checks (not the checksum)
 * catch a crafted change.
 */
export function resealFrame(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  const end = copy.length - FRAME_TRAILER_BYTES;
  new DataView(copy.buffer).setUint32(end, fnv1a32Bytes(copy, 0, end), true);
  return copy;
}

/** What `read` did with a damaged input: `'index-corrupt'`, another error (described), or `'accepted'`. */
export function damageOutcome(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    return isLoadoutError(error) ? error.code : `${(error as Error)?.name ?? 'non-error'}: ${String(error)}`;
  }
  return 'accepted';
}

/**
 * Flips every bit of every byte of `bytes` in turn (8 × length copies) and
 * hands each copy to `read`; returns a line per copy that `read` did not
 * refuse with LoadoutError `index-corrupt` (empty when every flip is caught).
 */
export function undetectedBitFlips(bytes: Uint8Array, read: (damaged: Uint8Array) => unknown): string[] {
  const missed: string[] = [];
  for (let position = 0; position < bytes.length; position++) {
    for (let bit = 0; bit < 8; bit++) {
      const copy = bytes.slice();
      copy[position]! ^= 1 << bit;
      const outcome = damageOutcome(() => read(copy));
      if (outcome !== 'index-corrupt') missed.push(`byte ${position} bit ${bit}: ${outcome}`);
    }
  }
  return missed;
}
