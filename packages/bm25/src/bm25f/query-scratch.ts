import { createTopK } from '@loadout/core/utils';
import type { TopK } from '@loadout/core/utils';
import { createTermMarks } from './term-marks.js';
import type { TermMarks } from './term-marks.js';

/**
 * Most clauses accumulated in one pass over the postings; longer queries
 * take a pass per group of this many. A fused row is then 8 numbers (64
 * bytes); ranking and folding are unrolled for exactly 7 clauses.
 */
export const CLAUSE_GROUP = 7;

/** Numbers per row of a fused query: the full-query score and {@link CLAUSE_GROUP} clause scores. */
export const FUSED_STRIDE = CLAUSE_GROUP + 1;

/**
 * Buffers reused by every query, so a query allocates nothing per matching
 * document. Each document owns a row of `stride` numbers in `rows`: its raw
 * full-query BM25F score, then the raw score of each clause of the current
 * clause group; `touched` has a bit per document the query matched, so the
 * ranking pass visits matches in document order (rows in memory order)
 * and accumulation needs no branch for a first match. Rows and bits are all
 * zeros between queries: ranking clears them as it reads them, unless asked
 * to keep the scores for explanations; then (`dirty`) the next query does.
 */
export interface QueryScratch {
  readonly docCount: number;
  rows: Float64Array;
  /** Numbers per row in the current query: 1 without clause fusion, else {@link FUSED_STRIDE}. */
  stride: number;
  /** Bit `doc & 31` of word `doc >> 5` is set when the query matched `doc`. */
  readonly touched: Int32Array;
  /** The documents the current clause group matched, when there are more groups (same layout as `touched`). */
  readonly groupTouched: Int32Array;
  /** Whether rows and bits of the last query may be non-zero. */
  dirty: boolean;
  /** Highest raw full-query score so far. */
  maxFull: number;
  /** Highest raw score of each clause of the current group; after the group, `1 / max` (0: no match), for bounds. */
  readonly clauseScale: Float64Array;
  /**
   * After a group, the divisor that normalises each of its clauses: its highest raw score (Infinity: no match).
   * Scores are divided, not multiplied by `clauseScale`: `x / x` is exactly 1, `x · (1 / x)` may not be, so
   * tools that each top a clause tie exactly (and then rank by position).
   */
  readonly clauseMax: Float64Array;
  /** Every clause's divisor in the last fused query (clause `c` at `c`), for stages after ranking. */
  clauseMaxima: Float64Array;
  /** The largest normalising factor of any clause of the current query. */
  maxClauseScale: number;
  /** `max_full` of the last fused query, the divisor of full scores (Infinity when nothing scored). */
  fullMax: number;
  /** First clause and clause count of the last group of the last fused query. */
  lastFirst: number;
  lastSize: number;
  /** True when the last query had more than one clause group; then `best`/`bestClause` hold the earlier groups' best. */
  earlierGroups: boolean;
  /** Per document: best normalised clause score of the earlier groups; all zeros unless `bestDirty`. */
  readonly best: Float64Array;
  bestDirty: boolean;
  /** Per document: the clause that gave `best` (−1: none), kept for explanations only. Allocated on first use. */
  bestClause: Int32Array;
  /** Terms already accumulated into the full-query score by the current query. */
  readonly visited: TermMarks;
  /** The group's distinct terms: `values[term]` is the term's position in `groupTerms`. */
  readonly inGroup: TermMarks;
  /** The group's distinct terms in order of first occurrence, and a bit mask of the group's clauses holding each. */
  groupTerms: Int32Array;
  groupMasks: Int32Array;
  readonly heap: TopK;
  /** Per document: the best contribution of a completion of the last word so far (all zeros between queries). */
  readonly completionBest: Float64Array;
}

/** Buffers for an index of `docCount` documents. */
export function createQueryScratch(docCount: number): QueryScratch {
  return {
    docCount,
    rows: new Float64Array(docCount),
    stride: 1,
    touched: new Int32Array((docCount + 31) >> 5),
    groupTouched: new Int32Array((docCount + 31) >> 5),
    dirty: false,
    maxFull: 0,
    clauseScale: new Float64Array(CLAUSE_GROUP),
    clauseMax: new Float64Array(CLAUSE_GROUP).fill(Infinity),
    clauseMaxima: new Float64Array(CLAUSE_GROUP),
    maxClauseScale: 0,
    fullMax: Infinity,
    lastFirst: 0,
    lastSize: 0,
    earlierGroups: false,
    best: new Float64Array(docCount),
    bestDirty: false,
    bestClause: new Int32Array(0),
    visited: createTermMarks(),
    inGroup: createTermMarks(true),
    groupTerms: new Int32Array(0),
    groupMasks: new Int32Array(0),
    heap: createTopK(16),
    completionBest: new Float64Array(docCount),
  };
}

function clearRows(scratch: QueryScratch): void {
  const { rows, touched, stride } = scratch;
  for (let word = 0; word < touched.length; word++) {
    let bits = touched[word]!;
    if (bits === 0) continue;
    touched[word] = 0;
    for (; bits !== 0; bits &= bits - 1) {
      const base = ((word << 5) + 31 - Math.clz32(bits & -bits)) * stride;
      for (let at = base; at < base + stride; at++) rows[at] = 0;
    }
  }
}

/** Starts a query whose rows hold `stride` numbers: clears what the last query left, nothing touched. */
export function beginQuery(scratch: QueryScratch, stride: number): void {
  if (scratch.dirty) clearRows(scratch);
  if (scratch.bestDirty) {
    scratch.best.fill(0);
    scratch.bestDirty = false;
  }
  if (scratch.rows.length < scratch.docCount * stride) scratch.rows = new Float64Array(scratch.docCount * stride);
  scratch.stride = stride;
  scratch.dirty = true;
  scratch.maxFull = 0;
  scratch.maxClauseScale = 0;
  scratch.earlierGroups = false;
}
