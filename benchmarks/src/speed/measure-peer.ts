import type { CatalogTool } from '@loadout/core';
import type { EvalQuery } from '@loadout/eval';
import { scoreQuery } from '@loadout/eval';
import type { SearchPeer } from '../peers/search-peer.js';
import type { EngineMeasurement } from './engine-measurement.js';
import { canCollectGarbage, readMemory } from './memory.js';
import { summarizeLatencies, timed } from './timing.js';

/** Options of {@link measurePeer}. */
export interface MeasurePeerOptions {
  /** Untimed queries run first (cycling through the query list) to warm the JIT. Default 50; ≥ 0. */
  readonly warmup?: number;
  /** Hits per query. Default 10. */
  readonly limit?: number;
}

/**
 * Builds `peer` over `tools` and times every query. Heap deltas compare
 * readings after full collections before and after the build, with the
 * built peer still reachable.
 */
export async function measurePeer(
  peer: SearchPeer,
  tools: readonly CatalogTool[],
  queries: readonly EvalQuery[],
  options: MeasurePeerOptions = {},
): Promise<EngineMeasurement> {
  const { warmup = 50, limit = 10 } = options;
  const before = await readMemory();
  const { ms: buildMs } = await timed(() => peer.build(tools));
  const after = await readMemory();
  for (let index = 0; index < warmup && queries.length > 0; index++) await peer.search(queries[index % queries.length]!.query, limit);
  const latencies: number[] = [];
  let recall = 0;
  for (const query of queries) {
    const { value: names, ms } = await timed(() => peer.search(query.query, limit));
    latencies.push(ms);
    recall += scoreQuery(names, query)['recall@5'];
  }
  const gc = canCollectGarbage();
  return {
    name: peer.name,
    kind: 'keyword',
    items: tools.length,
    buildMs,
    queries: queries.length,
    warmup,
    ...summarizeLatencies(latencies),
    heapDeltaBytes: gc ? after.heapUsed - before.heapUsed : null,
    externalDeltaBytes: gc ? after.external - before.external : null,
    quality: queries.length === 0 ? 0 : recall / queries.length,
    qualityLabel: 'recall@5',
  };
}
