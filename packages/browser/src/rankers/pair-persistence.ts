import { createLoadoutError } from '@loadout/core';
import type { Ranker, RankerPersistence } from '@loadout/core';

/** The two parts of a ranker made of two others (the hybrid: BM25F and static vectors). */
export interface RankerPair {
  readonly first: Ranker;
  readonly second: Ranker;
}

const pairs = new WeakMap<Ranker, RankerPair>();

/** Records the parts of a composed ranker, for {@link pairPersistence}. */
export function trackPair<R extends Ranker>(ranker: R, pair: RankerPair): R {
  pairs.set(ranker, pair);
  return ranker;
}

function pairOf(ranker: Ranker): RankerPair {
  const pair = pairs.get(ranker);
  if (pair === undefined) throw createLoadoutError('invalid-input', `@loadout/browser: ranker ${JSON.stringify(ranker.name)} is not a pair of rankers`);
  return pair;
}

/**
 * Persistence of a ranker made of two persisting parts: one blob holding
 * the first part's bytes (after their length, a little-endian u32) then the
 * second's; restored only when both parts restore (`index-corrupt` else).
 */
export function pairPersistence(first: RankerPersistence, second: RankerPersistence): RankerPersistence {
  return {
    format: `pair1/${first.format}+${second.format}`,
    async save(ranker) {
      const pair = pairOf(ranker);
      const [a, b] = await Promise.all([first.save(pair.first), second.save(pair.second)]);
      const bytes = new Uint8Array(4 + a.byteLength + b.byteLength);
      new DataView(bytes.buffer).setUint32(0, a.byteLength, true);
      bytes.set(a, 4);
      bytes.set(b, 4 + a.byteLength);
      return bytes;
    },
    async restore(ranker, bytes, tools) {
      const pair = pairOf(ranker);
      const length = bytes.byteLength < 4 ? -1 : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
      if (length < 0 || 4 + length > bytes.byteLength) throw createLoadoutError('index-corrupt', `@loadout/browser: stored pair of ranker ${JSON.stringify(ranker.name)} is truncated`);
      await first.restore(pair.first, bytes.subarray(4, 4 + length), tools);
      await second.restore(pair.second, bytes.subarray(4 + length), tools);
    },
  };
}
