import { createLoadoutError } from '@loadout/core';
import type { CatalogTool, Ranker, RankerPersistence } from '@loadout/core';

/** How a {@link TrackedPersistence} writes and reads the part a ranker was recorded with. */
export interface PartCodec<Part> {
  /** The part's bytes (the blob the engine stores). */
  save(part: Part, ranker: Ranker): Uint8Array | Promise<Uint8Array>;
  /** Restores the part, and through it the ranker, from `bytes` for `tools`; throws `index-corrupt` when they do not fit. */
  restore(part: Part, ranker: Ranker, bytes: Uint8Array, tools: readonly CatalogTool[]): Promise<void>;
}

/**
 * Persistence of rankers that carry a part the ranker itself does not
 * expose (the stored index of a vector ranker, the two rankers of a pair):
 * the factory that makes a ranker records its part with `track`, and each
 * `persistence(format, codec)` saves and restores through that part. A
 * ranker never tracked fails with `invalid-input`.
 */
export interface TrackedPersistence<Part> {
  /** Records `part` for `ranker`; returns the ranker. */
  track<R extends Ranker>(ranker: R, part: Part): R;
  /** The {@link RankerPersistence} of `format`, reading and writing the tracked part with `codec`. */
  persistence(format: string, codec: PartCodec<Part>): RankerPersistence;
}

/** A {@link TrackedPersistence}; `missing` ends the error for an untracked ranker (`ranker "x" <missing>`). */
export function createTrackedPersistence<Part>(missing: string): TrackedPersistence<Part> {
  const parts = new WeakMap<Ranker, Part>();
  const partOf = (ranker: Ranker): Part => {
    const part = parts.get(ranker);
    if (part === undefined) throw createLoadoutError('invalid-input', `@loadout/browser: ranker ${JSON.stringify(ranker.name)} ${missing}`);
    return part;
  };
  return {
    track(ranker, part) {
      parts.set(ranker, part);
      return ranker;
    },
    persistence(format, codec) {
      return {
        format,
        save: async (ranker) => codec.save(partOf(ranker), ranker),
        restore: async (ranker, bytes, tools) => codec.restore(partOf(ranker), ranker, bytes, tools),
      };
    },
  };
}
