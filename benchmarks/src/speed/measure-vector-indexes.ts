import type { CatalogTool, VectorIndex, VectorMatch } from '@loadout/core';
import type { EvalQuery } from '@loadout/eval';
import { createExactIndex, createHnswIndex, createStaticEmbedder } from '@loadout/embeddings';
import { formatMs } from '../report/format.js';
import type { EngineMeasurement } from './engine-measurement.js';
import { canCollectGarbage, readMemory } from './memory.js';
import { summarizeLatencies, timed } from './timing.js';

/** Neighbours asked of each index per query. */
const K = 10;
/** Untimed warm-up searches before timing. */
const WARMUP = 50;

interface VectorEntry {
  readonly key: string;
  readonly vector: Float32Array;
}

const isZero = (vector: Float32Array): boolean => vector.every((value) => value === 0);

async function measureIndex(
  name: string,
  create: () => VectorIndex,
  entries: readonly VectorEntry[],
  queries: readonly Float32Array[],
  reference: readonly (readonly string[])[] | undefined,
): Promise<{ measurement: EngineMeasurement; results: string[][] }> {
  const before = await readMemory();
  const { value: index, ms: buildMs } = await timed(async () => {
    const created = create();
    await created.add(entries);
    return created;
  });
  const after = await readMemory();
  for (let query = 0; query < WARMUP && queries.length > 0; query++) await index.search(queries[query % queries.length]!, K);
  const latencies: number[] = [];
  const results: string[][] = [];
  for (const vector of queries) {
    const { value: matches, ms } = await timed<readonly VectorMatch[]>(() => index.search(vector, K));
    latencies.push(ms);
    results.push(matches.map((match) => match.key));
  }
  let overlap = 0;
  let expected = 0;
  results.forEach((keys, query) => {
    const exact = reference?.[query] ?? keys;
    expected += exact.length;
    overlap += exact.filter((key) => keys.includes(key)).length;
  });
  const gc = canCollectGarbage();
  return {
    measurement: {
      name,
      kind: 'vector',
      items: entries.length,
      buildMs,
      queries: queries.length,
      warmup: WARMUP,
      ...summarizeLatencies(latencies),
      heapDeltaBytes: gc ? after.heapUsed - before.heapUsed : null,
      externalDeltaBytes: gc ? after.external - before.external : null,
      quality: expected === 0 ? 0 : overlap / expected,
      qualityLabel: 'neighbour recall@10',
    },
    results,
  };
}

/**
 * Embeds the tools and queries once with the static GloVe-SIF embedder
 * (fitted on the tools, as the embedding ranker does), then measures the
 * exact index and the HNSW index (M 16, efConstruction 200, ef 64) on those
 * vectors: build = adding every vector; query = one k-10 search of a
 * precomputed query vector. HNSW quality is the share of the exact top 10 it
 * returns. Queries without a known word (zero vectors) are left out.
 */
export async function measureVectorIndexes(
  tools: readonly CatalogTool[],
  queries: readonly EvalQuery[],
): Promise<{ measurements: EngineMeasurement[]; notes: string[] }> {
  const embedder = createStaticEmbedder();
  const { ms: fitMs } = await timed(() => embedder.fit(tools));
  const { value: toolVectors, ms: embedToolsMs } = await timed(() => embedder.embedTools(tools));
  const { value: queryVectors, ms: embedQueriesMs } = await timed(() => embedder.embed(queries.map((query) => query.query)));
  const entries = tools.map((tool, index) => ({ key: tool.displayName, vector: toolVectors[index]! })).filter((entry) => !isZero(entry.vector));
  const usable = queryVectors.filter((vector) => !isZero(vector));
  const dimensions = embedder.dimensions;
  const exact = await measureIndex('exact-vector', () => createExactIndex({ dimensions }), entries, usable, undefined);
  const hnsw = await measureIndex(
    'hnsw',
    () => createHnswIndex({ dimensions, maxElements: entries.length }),
    entries,
    usable,
    exact.results,
  );
  const ratio = (value: number, reference: number): string => (reference > 0 ? `${(value / reference).toFixed(2)}×` : 'n/a');
  const notes = [
    `Static embeddings (${embedder.modelId}, ${dimensions} dimensions): fit ${formatMs(fitMs)} ms, embedding ${tools.length} tools ${formatMs(embedToolsMs)} ms, ${queries.length} queries ${formatMs(embedQueriesMs)} ms in total (${formatMs(embedQueriesMs / Math.max(1, queries.length))} ms each).`,
    `${tools.length - entries.length} tools and ${queries.length - usable.length} queries embed to the zero vector (no known word) and are left out of the vector rows.`,
    `HNSW vs exact: build ${ratio(hnsw.measurement.buildMs, exact.measurement.buildMs)}, p50 ${ratio(hnsw.measurement.p50Ms, exact.measurement.p50Ms)}, p99 ${ratio(hnsw.measurement.p99Ms, exact.measurement.p99Ms)}; HNSW returns ${(hnsw.measurement.quality * 100).toFixed(1)}% of the exact top ${K}.`,
  ];
  return { measurements: [exact.measurement, hnsw.measurement], notes };
}
