import { createUsageField } from '@loadout/bm25';
import { createRerankRanker, LEXICAL_RERANK_MODEL } from '@loadout/learn';
import { GLOVE_RERANK_MODEL } from '@loadout/learn/rerank-glove';
import { withQuerySyntax } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { createRerankVectors, defaultStaticTablePath, loadStaticVectors } from '@loadout/embeddings';
import { evaluateRanker, loadEvalSet, percentile } from '@loadout/eval';
import { createBuiltinRegistry } from '@loadout/rankers';
import { join } from 'node:path';

/** One ranker's cost on mix10k. */
export interface LatencyRow {
  readonly ranker: string;
  readonly queries: number;
  readonly buildMs: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly recallAt5: number;
}

/** Timed passes over the queries per ranker, interleaved across rankers so load from elsewhere falls on all of them alike. */
const PASSES = 3;

/**
 * BM25F, the re-ranker (shipped lexical model, a model of a log's shape
 * over a usage field of the dev queries, and the GloVe one, over the top
 * `candidates`) and wink-bm25 on mix10k's dev queries in this process,
 * each wrapped with the query syntax as the CLI runs them. Each ranker is
 * built and scored once (which also warms the JIT), then the queries run
 * {@link PASSES} times per ranker, the rankers taking turns, each search
 * timed alone (limit 10).
 */
export async function measureRerankLatency(dataDir: string, candidates: number): Promise<LatencyRow[]> {
  const evalSet = await loadEvalSet(join(dataDir, 'mix10k'), { split: 'dev' });
  const registry = createBuiltinRegistry();
  const table = await loadStaticVectors(defaultStaticTablePath());
  const usage = createUsageField(evalSet.queries.map((query) => ({ query: query.query, called: query.relevant }))).text;
  const rankers: { name: string; create: () => Promise<Ranker> }[] = [
    { name: 'bm25f', create: async () => registry.createRanker('bm25f', undefined, false) },
    { name: `rerank (lexical ${LEXICAL_RERANK_MODEL.kind}, top ${candidates})`, create: async () => createRerankRanker({ model: LEXICAL_RERANK_MODEL, candidates }) },
    // A log's model is the shipped one warm-started on the log (the same features and hidden units), over a usage field of every dev query as a past search.
    {
      name: `rerank (a log's model: lexical ${LEXICAL_RERANK_MODEL.kind} over ${evalSet.queries.length} past searches, top ${candidates})`,
      create: async () => createRerankRanker({ model: LEXICAL_RERANK_MODEL, candidates, bm25: { usage } }),
    },
    {
      name: `rerank-glove (${GLOVE_RERANK_MODEL.kind}, top ${candidates})`,
      create: async () => createRerankRanker({ model: GLOVE_RERANK_MODEL, candidates, vectors: createRerankVectors(table) }),
    },
    { name: 'wink-bm25', create: async () => registry.createRanker('wink-bm25', undefined, false) },
  ];
  const built: { name: string; ranker: Ranker; buildMs: number; recallAt5: number; latencies: number[] }[] = [];
  for (const { name, create } of rankers) {
    const ranker = withQuerySyntax(await create(), { maxQueryLength: 1_000_000 });
    const result = await evaluateRanker(ranker, evalSet);
    built.push({ name, ranker, buildMs: result.buildMs, recallAt5: result['recall@5'], latencies: [] });
  }
  for (let pass = 0; pass < PASSES; pass++) {
    for (const entry of built) {
      for (const query of evalSet.queries) {
        const start = performance.now();
        await entry.ranker.search(query.query, { limit: 10 });
        entry.latencies.push(performance.now() - start);
      }
    }
  }
  return built.map(({ name, buildMs, recallAt5, latencies }) => ({
    ranker: name,
    queries: evalSet.queries.length,
    buildMs,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    recallAt5,
  }));
}
