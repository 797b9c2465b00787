import type { EventQueries } from './fit-reranker.js';

/**
 * A log's training queries with rows of `wide` features (`…_SIBLING_FEATURES`)
 * cut to their first `narrow` (the same features without
 * `SIBLING_FEATURES`), so fits with and without them share one extraction.
 */
export function withoutSiblingFeatures(log: EventQueries, narrow: number, wide: number): EventQueries {
  const queries = log.queries.map((query) => {
    const features = new Float64Array(query.count * narrow);
    for (let row = 0; row < query.count; row++) features.set(query.features.subarray(row * wide, row * wide + narrow), row * narrow);
    return { ...query, features };
  });
  return { queries, events: log.events };
}
