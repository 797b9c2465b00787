import type { Bm25Ranker } from '@loadout/bm25';
import { extractRerankCandidates } from '../rerank/create-rerank-ranker.js';
import type { RerankVectors } from '../rerank/rerank-vectors.js';
import type { CatalogTool } from '@loadout/core';
import type { TrainingQuery } from './training-query.js';

/** A past search and the tools that answered it (tool names or display names). */
export interface LabelledQuery {
  readonly query: string;
  readonly relevant: readonly string[];
}

/** Whether `tool` is one of `relevant` (by display name or own name). */
export function isRelevant(tool: CatalogTool, relevant: ReadonlySet<string>): boolean {
  return relevant.has(tool.displayName) || relevant.has(tool.name);
}

/**
 * The first-stage candidates of each query in `ranker` (an indexed BM25F
 * ranker) with their features and gold labels; queries with no gold tool
 * among the `candidates` teach nothing and are left out. Rows hold every
 * registry feature (`FEATURES`; the `VECTOR_FEATURES` only with `vectors`).
 */
export function buildTrainingQueries(
  ranker: Bm25Ranker,
  queries: readonly LabelledQuery[],
  candidates = 50,
  vectors?: RerankVectors,
): TrainingQuery[] {
  const out: TrainingQuery[] = [];
  for (const query of queries) {
    const found = extractRerankCandidates(ranker, query.query, candidates, vectors);
    const relevant = new Set(query.relevant);
    const labels = new Uint8Array(found.tools.length);
    let gold = 0;
    found.tools.forEach((tool, index) => {
      if (isRelevant(tool, relevant)) {
        labels[index] = 1;
        gold++;
      }
    });
    if (gold > 0) out.push({ features: found.features, labels, count: found.tools.length });
  }
  return out;
}
