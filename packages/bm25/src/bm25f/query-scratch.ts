import { createTopK } from '../shared/top-k.js';
import type { TopK } from '../shared/top-k.js';

/**
 * Per-document buffers reused by every query (sized to the index), so a
 * query allocates nothing per matching document. `marks[doc] === epoch`
 * says the document was touched by the current query.
 */
export interface QueryScratch {
  docCount: number;
  epoch: number;
  readonly marks: Int32Array;
  readonly touched: Int32Array;
  touchedCount: number;
  /** Raw BM25F score of the full query. */
  readonly full: Float64Array;
  /** Raw score of the clause being evaluated; all zeros outside clause evaluation. */
  readonly clause: Float64Array;
  readonly clauseTouched: Int32Array;
  /** Best normalised clause score, and which clause gave it (−1: none). */
  readonly best: Float64Array;
  readonly bestClause: Int32Array;
  /** The score ranked on (full, or fused). */
  readonly final: Float64Array;
  readonly heap: TopK;
}

/** Buffers for an index of `docCount` documents. */
export function createQueryScratch(docCount: number): QueryScratch {
  return {
    docCount,
    epoch: 0,
    marks: new Int32Array(docCount),
    touched: new Int32Array(docCount),
    touchedCount: 0,
    full: new Float64Array(docCount),
    clause: new Float64Array(docCount),
    clauseTouched: new Int32Array(docCount),
    best: new Float64Array(docCount),
    bestClause: new Int32Array(docCount),
    final: new Float64Array(docCount),
    heap: createTopK(16),
  };
}

/** Starts a query: a new epoch, nothing touched. */
export function beginQuery(scratch: QueryScratch): void {
  if (scratch.epoch === 0x7fffffff) {
    scratch.marks.fill(0);
    scratch.epoch = 0;
  }
  scratch.epoch++;
  scratch.touchedCount = 0;
}
