import type { CatalogTool, RankerSearchOptions } from '@loadout/core';
import type { ResolvedBm25Options } from './bm25-options.js';
import type { Dictionary } from './dictionary.js';
import type { Postings } from './postings.js';
import type { QueryTerms } from './query-terms.js';
import type { ScoringTables } from './scoring-tables.js';

/** A first-stage ranking: `docs[0 .. count)` best first with their `scores`, and the query's terms. Buffers are the ranker's, valid until its next search. */
export interface RankedDocs {
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  readonly count: number;
  readonly terms: QueryTerms;
  /** When clause coverage picked them (see `ClauseCoverResult`): per doc its row of query-term postings, else undefined. */
  readonly covered: { readonly rows: Int32Array; readonly termPostings: Int32Array } | undefined;
}

/**
 * A BM25F ranker's index as its first-stage view (`readFirstStage`) reads
 * it: up to date (pending changes applied), valid
 * until the ranker's next `index`/`add`/`remove`. Read-only by contract.
 */
export interface Bm25Internals {
  readonly tools: readonly CatalogTool[];
  readonly postings: Postings;
  readonly tables: ScoringTables;
  readonly dictionary: Dictionary;
  readonly settings: ResolvedBm25Options;
  /** What `search(query, { limit, filter })` ranks, as document positions in `tools` (no hit objects). */
  readonly rank: (query: string, limit: number, filter: RankerSearchOptions['filter']) => RankedDocs;
}

const registry = new WeakMap<object, () => Bm25Internals>();

/** Called by `createBm25Ranker` for each ranker it makes. */
export function registerBm25Internals(ranker: object, read: () => Bm25Internals): void {
  registry.set(ranker, read);
}

/** The index of a ranker made by `createBm25Ranker`, or undefined for any other object. */
export function readBm25Internals(ranker: object): Bm25Internals | undefined {
  return registry.get(ranker)?.();
}
