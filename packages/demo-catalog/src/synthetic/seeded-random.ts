/** A deterministic pseudo-random source: `next()` in [0, 1). */
export interface SeededRandom {
  next(): number;
  /** An integer in [0, below). */
  below(below: number): number;
  /** One element of a non-empty list. */
  pick<T>(values: readonly T[]): T;
}

/** Mulberry32 seeded with `seed`: the same seed gives the same sequence on every platform. */
export function createSeededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const below = (limit: number): number => Math.floor(next() * limit);
  return { next, below, pick: (values) => values[below(values.length)]! };
}
