import { createLoadoutError } from '@loadout/core';
import type { Ranker, RankerPersistence } from '@loadout/core';
import { createTrackedPersistence } from './tracked-persistence.js';

/** The two parts of a ranker made of two others (the hybrid: BM25F and static vectors). */
export interface RankerPair {
  readonly first: Ranker;
  readonly second: Ranker;
}

const pairs = createTrackedPersistence<RankerPair>('is not a pair of rankers');

/** Records the parts of a composed ranker, for {@link pairPersistence}. */
export const trackPair: <R extends Ranker>(ranker: R, pair: RankerPair) => R = pairs.track;

/**
 * Persistence of a ranker made of two persisting parts: one blob holding
 * the first part's bytes (after their length, a little-endian u32) then the
 * second's, under the format `pair1/<first>+<second>`; restored only when
 * both parts restore (`index-corrupt` else).
 */
export function pairPersistence(first: RankerPersistence, second: RankerPersistence): RankerPersistence {
  return pairs.persistence(`pair1/${first.format}+${second.format}`, {
    async save(pair) {
      const [a, b] = await Promise.all([first.save(pair.first), second.save(pair.second)]);
      const bytes = new Uint8Array(4 + a.byteLength + b.byteLength);
      new DataView(bytes.buffer).setUint32(0, a.byteLength, true);
      bytes.set(a, 4);
      bytes.set(b, 4 + a.byteLength);
      return bytes;
    },
    async restore(pair, ranker, bytes, tools) {
      const length = bytes.byteLength < 4 ? -1 : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
      if (length < 0 || 4 + length > bytes.byteLength) throw createLoadoutError('index-corrupt', `@loadout/browser: stored pair of ranker ${JSON.stringify(ranker.name)} is truncated`);
      await first.restore(pair.first, bytes.subarray(4, 4 + length), tools);
      await second.restore(pair.second, bytes.subarray(4 + length), tools);
    },
  });
}
