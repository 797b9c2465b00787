/** Number of scored fields; see `TOOL_FIELDS`. */
export const FIELD_COUNT = 6;

/**
 * The inverted index in compressed-sparse-row form. Term `t` owns postings
 * `termStart[t] .. termStart[t + 1] - 1`; within a term, postings are sorted
 * by document id. Document ids are positions in the ranker's tool list.
 */
export interface Postings {
  readonly docCount: number;
  readonly termCount: number;
  /** `termCount + 1` offsets into `docs`. */
  readonly termStart: Int32Array;
  /** Document id of each posting. */
  readonly docs: Int32Array;
  /** Raw term frequency of each posting in each field: `tfs[posting * FIELD_COUNT + field]`, capped at 65,535. */
  readonly tfs: Uint16Array;
  /** Tokens of each document in each field: `fieldLengths[doc * FIELD_COUNT + field]`. */
  readonly fieldLengths: Int32Array;
}

/** A tool analysed against the dictionary, not yet merged into {@link Postings}. */
export interface AnalysedDocument {
  /** Distinct term ids, in order of first occurrence. */
  readonly terms: Int32Array;
  /** `tfs[i * FIELD_COUNT + field]`: frequency of `terms[i]` in `field`. */
  readonly tfs: Uint16Array;
  readonly lengths: Int32Array;
}

/** Postings of no documents. */
export function emptyPostings(): Postings {
  return {
    docCount: 0,
    termCount: 0,
    termStart: new Int32Array(1),
    docs: new Int32Array(0),
    tfs: new Uint16Array(0),
    fieldLengths: new Int32Array(0),
  };
}
