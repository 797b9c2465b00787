import { termWeight } from '@loadout/bm25/first-stage';
import type { QueryTerms } from '@loadout/bm25/first-stage';
import { NAME_FORMS } from './name-form.js';
import type { PastSearches } from './past-searches.js';

/**
 * Optional features read off the deployment's past searches (the usage
 * field's lines, see `PastSearches`), after the lexical (and vector)
 * features and before `SIBLING_FEATURES` in a model that uses them:
 * - `neighbour.nameForm`: of the query's {@link NEIGHBOURS} nearest past
 *   searches (tf-idf cosine, similarity-weighted), the share that called a
 *   tool of the candidate's name form (`nameForm`: separator style, server
 *   or none). It reaches tools no search ever called: queries like this one
 *   went to tools named like this one. In [0, 1]; 0 without a usage field
 *   in the first stage (`Bm25RankerOptions.usage`), or without a past
 *   search sharing a term with the query.
 */
export const NEIGHBOUR_FEATURES: readonly string[] = Object.freeze(['neighbour.nameForm']);

/** Nearest past searches that vote (measured on mix10k out of fold: 5, 10 and 20 within noise of each other). */
export const NEIGHBOURS = 10;

const COUNT = NEIGHBOUR_FEATURES.length;

/** Buffers reused by every query's neighbour features. */
export interface NeighbourScratch {
  /** Per past search: the query's cosine to it (0 when untouched), and the searches touched. */
  similarity: Float64Array;
  touched: Int32Array;
  /** The best {@link NEIGHBOURS} searches, best first. */
  best: Int32Array;
  /** Per name form: the summed similarity of the neighbours that called a tool of it. */
  form: Float64Array;
  /** The output rows (see {@link appendNeighbourFeatures}). */
  out: Float64Array;
}

/** Empty buffers; they grow as needed. */
export function createNeighbourScratch(): NeighbourScratch {
  return {
    similarity: new Float64Array(0),
    touched: new Int32Array(0),
    best: new Int32Array(NEIGHBOURS),
    form: new Float64Array(NAME_FORMS),
    out: new Float64Array(0),
  };
}

/** Whether past search `a` is nearer the query than `b` (ties: the earlier search). */
function better(similarity: Float64Array, a: number, b: number): boolean {
  return similarity[a]! > similarity[b]! || (similarity[a] === similarity[b] && a < b);
}

/** Fills `scratch.form` with each name form's similarity-weighted votes over the query's nearest past searches; returns their summed similarity (0: no neighbour). */
function voteForms(terms: QueryTerms, past: PastSearches, scratch: NeighbourScratch): number {
  if (scratch.similarity.length < past.count) {
    scratch.similarity = new Float64Array(Math.max(past.count, scratch.similarity.length * 2));
    scratch.touched = new Int32Array(scratch.similarity.length);
  }
  const { similarity, touched, best, form } = scratch;
  form.fill(0);
  // The query's terms (those it holds only as a prefix at their weight, as in the first stage) against each past search's.
  // The query's norm scales every similarity alike, so it is left out.
  let touchedCount = 0;
  for (let at = 0; at < terms.fullCount; at++) {
    const term = terms.full[at]!;
    if (term >= past.idf.length || past.idf[term] === 0) continue;
    const weight = termWeight(terms, term) * past.idf[term]!;
    for (let posting = past.termStart[term]!, end = past.termStart[term + 1]!; posting < end; posting++) {
      const search = past.searches[posting]!;
      if (similarity[search] === 0) touched[touchedCount++] = search;
      similarity[search]! += weight * past.weights[posting]!;
    }
  }
  // The NEIGHBOURS most similar, best first (ties: the earlier search).
  let kept = 0;
  for (let at = 0; at < touchedCount; at++) {
    const search = touched[at]!;
    let slot: number;
    if (kept < NEIGHBOURS) slot = kept++;
    else if (better(similarity, search, best[NEIGHBOURS - 1]!)) slot = NEIGHBOURS - 1;
    else continue;
    while (slot > 0 && better(similarity, search, best[slot - 1]!)) {
      best[slot] = best[slot - 1]!;
      slot--;
    }
    best[slot] = search;
  }
  let total = 0;
  for (let at = 0; at < kept; at++) {
    const search = best[at]!;
    const value = similarity[search]!;
    total += value;
    for (let index = past.formStart[search]!, end = past.formStart[search + 1]!; index < end; index++) form[past.forms[index]!]! += value;
  }
  for (let at = 0; at < touchedCount; at++) similarity[touched[at]!] = 0;
  return total;
}

/**
 * Rows of `width + NEIGHBOUR_FEATURES.length` for `count` candidates `docs`:
 * each row of `input` (`width` features) followed by its
 * {@link NEIGHBOUR_FEATURES}. Writes into `scratch.out` (grown when short)
 * and returns it.
 */
export function appendNeighbourFeatures(
  input: Float64Array,
  width: number,
  count: number,
  docs: ArrayLike<number>,
  terms: QueryTerms,
  past: PastSearches,
  scratch: NeighbourScratch,
): Float64Array {
  const wide = width + COUNT;
  if (scratch.out.length < count * wide) scratch.out = new Float64Array(Math.max(count * wide, scratch.out.length * 2));
  const { out, form } = scratch;
  const total = past.count === 0 ? 0 : voteForms(terms, past, scratch);
  const inverse = total > 0 ? 1 / total : 0;
  for (let candidate = 0; candidate < count; candidate++) {
    const row = candidate * wide;
    out.set(input.subarray(candidate * width, (candidate + 1) * width), row);
    out[row + width] = total > 0 ? form[past.docForm[docs[candidate]!]!]! * inverse : 0;
  }
  return out;
}
