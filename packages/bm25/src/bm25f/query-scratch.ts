import { createTopK } from '../shared/top-k.js';
import type { TopK } from '../shared/top-k.js';
import { createTermMarks } from './term-marks.js';
import type { TermMarks } from './term-marks.js';

/** Most clauses accumulated in one pass over the postings; longer queries take a pass per group of this many. */
export const CLAUSE_GROUP = 7;

/**
 * Buffers reused by every query, so a query allocates nothing per matching
 * document. Each document owns a row of `stride` numbers in `rows`: its raw
 * full-query BM25F score, then the raw score of each clause of the current
 * clause group. Rows are all zeros between queries: ranking zeroes each row
 * as it reads it, unless asked to keep the scores for explanations, and
 * otherwise (`dirty`) the next query clears the rows of `touched`.
 */
export interface QueryScratch {
  readonly docCount: number;
  rows: Float64Array;
  /** Numbers per row in the current query: 1 without clause fusion, else 1 + clauses per group. */
  stride: number;
  /** Whether rows of `touched` may be non-zero. */
  dirty: boolean;
  /** The documents the query touched, in order of first touch. */
  readonly touched: Int32Array;
  touchedCount: number;
  /** Highest raw full-query score so far. */
  maxFull: number;
  /** Highest raw score of each clause of the current group; after the last group, the factors that normalise them. */
  readonly clauseScale: Float64Array;
  /** `1 / max_full` of the last fused query (0 when nothing scored). */
  fullScale: number;
  /** First clause and clause count of the last group of the last fused query. */
  lastFirst: number;
  lastSize: number;
  /** True when the last query had more than one clause group; then `best`/`bestClause` hold the earlier groups' best. */
  earlierGroups: boolean;
  /** Per document: best normalised clause score of the earlier groups, and its clause (−1: none). Allocated on first use. */
  best: Float64Array;
  bestClause: Int32Array;
  /** Terms already accumulated into the full-query score by the current query. */
  readonly visited: TermMarks;
  /** The group's distinct terms: `values[term]` is the term's position in `groupTerms`. */
  readonly inGroup: TermMarks;
  /** The group's distinct terms in order of first occurrence, and a bit mask of the group's clauses holding each. */
  groupTerms: Int32Array;
  groupMasks: Int32Array;
  readonly heap: TopK;
}

/** Buffers for an index of `docCount` documents. */
export function createQueryScratch(docCount: number): QueryScratch {
  return {
    docCount,
    rows: new Float64Array(docCount),
    stride: 1,
    dirty: false,
    touched: new Int32Array(docCount),
    touchedCount: 0,
    maxFull: 0,
    clauseScale: new Float64Array(CLAUSE_GROUP),
    fullScale: 0,
    lastFirst: 0,
    lastSize: 0,
    earlierGroups: false,
    best: new Float64Array(0),
    bestClause: new Int32Array(0),
    visited: createTermMarks(),
    inGroup: createTermMarks(),
    groupTerms: new Int32Array(0),
    groupMasks: new Int32Array(0),
    heap: createTopK(16),
  };
}

/** Starts a query whose rows hold `stride` numbers: clears rows the last query left dirty, nothing touched. */
export function beginQuery(scratch: QueryScratch, stride: number): void {
  const { touched, touchedCount } = scratch;
  const needed = scratch.docCount * stride;
  if (scratch.rows.length < needed) {
    scratch.rows = new Float64Array(needed);
  } else if (!scratch.dirty) {
    // Already all zeros.
  } else if (scratch.stride === 1) {
    const rows = scratch.rows;
    for (let index = 0; index < touchedCount; index++) rows[touched[index]!] = 0;
  } else {
    const rows = scratch.rows;
    const previous = scratch.stride;
    for (let index = 0; index < touchedCount; index++) {
      for (let at = touched[index]! * previous, end = at + previous; at < end; at++) rows[at] = 0;
    }
  }
  scratch.stride = stride;
  scratch.dirty = true;
  scratch.touchedCount = 0;
  scratch.maxFull = 0;
  scratch.earlierGroups = false;
}
