import type { CatalogTool, RankerSearchOptions } from '@loadout/core';

/**
 * One query's first-stage candidates with their field scores, as a
 * re-ranker reads them. The buffers are the view's, valid until its next
 * query. Terms are the query's distinct indexed terms in query order; a
 * field is one of `TOOL_FIELDS`, in that order.
 */
export interface FirstStageCandidates {
  /** The query, as searched. */
  readonly query: string;
  /** Candidates, best first: `docs[0 .. count)` are positions in `FirstStageView.tools`, `scores` their (clause-fused) BM25F scores. */
  readonly count: number;
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  /** Terms: `termCount`; `termWeights[t]` is term t's idf times its query weight (a term the query holds only as a prefix counts at the prefix weight). */
  readonly termCount: number;
  readonly termWeights: Float64Array;
  /** The terms in index order (ascending term id), the order a tool's own terms are read in. */
  readonly termsInIndexOrder: Int32Array;
  /**
   * The field scores: for candidate `c` and term `t`, `1 + fields` numbers
   * at `(c · termCount + t) · (1 + fields)`: the term's BM25F contribution,
   * then its BM25F score in each field alone (0 where the field lacks it).
   */
  readonly termScores: Float64Array;
  /** Per candidate and term (`c · termCount + t`): bit `f` set when field `f` of the tool holds the term (0: the tool lacks it). */
  readonly termFields: Uint8Array;
  /**
   * Clauses (0: the query is scored as one bag of words, then given as one
   * clause of all its terms); clause `c` holds terms
   * `clauseTerms[clauseStart[c] .. clauseStart[c + 1])`.
   */
  readonly clauseCount: number;
  readonly clauseStart: Int32Array;
  readonly clauseTerms: Int32Array;
  /** The text of each clause. */
  clauseTexts(): string[];
  /** Per candidate: its name's words (a compound such as `sendemail` in `send_email` aside), those in the query, and its name terms in the query, compounds included. */
  readonly nameWords: Int32Array;
  readonly nameWordsMatched: Int32Array;
  readonly nameTermsMatched: Int32Array;
  /** Per candidate and field (`c · fields + f`): the field's length in tokens. */
  readonly fieldLengths: Int32Array;
  /** Per candidate: its tool's server as a number, the same for the same server (−1: none). */
  readonly servers: Int32Array;
}

/** What a second stage reads of a BM25F ranker: its tools and each query's candidates with their field scores. */
export interface FirstStageView {
  /** The indexed tools, by position (pending changes applied). */
  readonly tools: readonly CatalogTool[];
  /** The best `limit` candidates of `query`, as `search` ranks them. */
  candidates(query: string, limit: number, filter?: RankerSearchOptions['filter']): FirstStageCandidates;
}
