import { nearDuplicatePairs } from '@loadout/eval';
import type { TrainingQuery } from '@loadout/learn';
import { trainingOf } from '../rerank/rerank-cases.js';
import type { RerankCase } from '../rerank/rerank-cases.js';

/** Background training queries for one eval set, and its leakage check. */
export interface FoldCleanBackground {
  /** The other sets' labelled queries (features over their own catalog's first stage), none a near-duplicate of the set's. */
  readonly training: readonly TrainingQuery[];
  /** The cases `training` came from (each on its own set's catalog). */
  readonly kept: readonly RerankCase[];
  /** The other sets' queries left out as near-duplicates of one of the set's queries (mix10k's copies of it included). */
  readonly removed: number;
  /** The set's queries with a near-duplicate among the kept training queries (0 by construction; the bench checks it). */
  readonly leakedQueries: number;
}

/**
 * What a base model for `set` may learn from: every other set's dev
 * queries minus each near-duplicate of any of `set`'s queries (mix10k pools
 * the other three sets, so this holds both ways), mix10k's own copies of the
 * pooled sets counted once. The result never saw `set`'s queries.
 */
export function foldCleanBackground(cases: readonly RerankCase[], set: string): FoldCleanBackground {
  const own = cases.filter((item) => item.set === set).map((item) => item.query.query);
  const others = cases.filter((item) => item.set !== set);
  const copies = new Set(nearDuplicatePairs(others.map((item) => item.query.query), own).map(([index]) => index));
  // mix10k's copies of the sets it pools are left out too: their originals train (`trainingOf`, as the shipped model's training does).
  const kept = others.filter((item, index) => !copies.has(index) && !item.pooledCopy);
  const leakedQueries = new Set(nearDuplicatePairs(own, kept.map((item) => item.query.query)).map(([index]) => index)).size;
  return { training: trainingOf(kept), kept, removed: copies.size, leakedQueries };
}
