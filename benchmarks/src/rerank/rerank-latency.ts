import { createRerankRanker, LEXICAL_RERANK_MODEL } from '@loadout/bm25';
import { withQuerySyntax } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { evaluateRanker, loadEvalSet } from '@loadout/eval';
import { createBuiltinRegistry } from '@loadout/rankers';
import { join } from 'node:path';

/** One ranker's cost on mix10k. */
export interface LatencyRow {
  readonly ranker: string;
  readonly queries: number;
  readonly buildMs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly recallAt5: number;
}

/**
 * BM25F, the re-ranker (shipped lexical model over the top `candidates`) and
 * wink-bm25 on mix10k's dev queries, one after another in this process,
 * each wrapped with the query syntax as the CLI runs them; each ranker runs
 * the queries twice and the second pass is timed (the first warms the JIT).
 */
export async function measureRerankLatency(dataDir: string, candidates: number): Promise<LatencyRow[]> {
  const evalSet = await loadEvalSet(join(dataDir, 'mix10k'), { split: 'dev' });
  const registry = createBuiltinRegistry();
  const rankers: { name: string; create: () => Promise<Ranker> }[] = [
    { name: 'bm25f', create: async () => registry.createRanker('bm25f', undefined, false) },
    { name: `rerank (${LEXICAL_RERANK_MODEL.kind}, top ${candidates})`, create: async () => createRerankRanker({ model: LEXICAL_RERANK_MODEL, candidates }) },
    { name: 'wink-bm25', create: async () => registry.createRanker('wink-bm25', undefined, false) },
  ];
  const rows: LatencyRow[] = [];
  for (const { name, create } of rankers) {
    const ranker = withQuerySyntax(await create(), { maxQueryLength: 1_000_000 });
    await evaluateRanker(ranker, evalSet);
    const result = await evaluateRanker(ranker, evalSet);
    rows.push({ ranker: name, queries: result.queries, buildMs: result.buildMs, p50Ms: result.p50Ms, p99Ms: result.p99Ms, recallAt5: result['recall@5'] });
  }
  return rows;
}
