import { FIELD_COUNT } from './postings.js';
import type { Postings } from './postings.js';

/** What a query needs besides the postings, derived from them and the scoring options. */
export interface ScoringTables {
  /** `idf[term] = ln(1 + (N − df + 0.5) / (df + 0.5))`; 0 for unused terms. */
  readonly idf: Float64Array;
  /** Per posting: `sat(tf̃) = tf̃ (k1 + 1) / (tf̃ + k1)` of the BM25F pseudo-frequency. */
  readonly saturated: Float32Array;
  /** `norm[doc * FIELD_COUNT + field] = w_f / (1 − b_f + b_f · len / avgLen_f)`, so `tf̃ = Σ_f tf_f · norm_f`. */
  readonly norm: Float64Array;
}

/**
 * BM25F (one saturation over the field-weighted, per-field length-normalised
 * frequencies). Everything that depends on corpus statistics is computed
 * here, once per index change, so a query only adds `idf · saturated`.
 */
export function computeScoringTables(postings: Postings, weights: Float64Array, b: Float64Array, k1: number): ScoringTables {
  const { docCount, termCount, termStart, docs, tfs, fieldLengths } = postings;
  const average = new Float64Array(FIELD_COUNT);
  for (let doc = 0; doc < docCount; doc++) {
    for (let field = 0; field < FIELD_COUNT; field++) average[field]! += fieldLengths[doc * FIELD_COUNT + field]!;
  }
  for (let field = 0; field < FIELD_COUNT; field++) average[field] = docCount === 0 ? 0 : average[field]! / docCount;
  const norm = new Float64Array(docCount * FIELD_COUNT);
  for (let doc = 0; doc < docCount; doc++) {
    for (let field = 0; field < FIELD_COUNT; field++) {
      const avg = average[field]!;
      const bf = b[field]!;
      const denominator = avg > 0 ? 1 - bf + (bf * fieldLengths[doc * FIELD_COUNT + field]!) / avg : 1;
      norm[doc * FIELD_COUNT + field] = denominator > 0 ? weights[field]! / denominator : 0;
    }
  }
  const saturated = new Float32Array(docs.length);
  for (let posting = 0; posting < docs.length; posting++) {
    const base = docs[posting]! * FIELD_COUNT;
    const tfBase = posting * FIELD_COUNT;
    let pseudo = 0;
    for (let field = 0; field < FIELD_COUNT; field++) pseudo += tfs[tfBase + field]! * norm[base + field]!;
    saturated[posting] = pseudo > 0 ? (pseudo * (k1 + 1)) / (pseudo + k1) : 0;
  }
  const idf = new Float64Array(termCount);
  for (let term = 0; term < termCount; term++) {
    const df = termStart[term + 1]! - termStart[term]!;
    idf[term] = df > 0 ? Math.log(1 + (docCount - df + 0.5) / (df + 0.5)) : 0;
  }
  return { idf, saturated, norm };
}
