import type { Postings } from '../bm25f/postings.js';

/**
 * The postings turned around (a forward index): document `d` owns
 * `terms[start[d] .. start[d + 1])`, ascending term ids, and `postings[i]` is
 * the position of `terms[i]`'s posting for `d` in `Postings.docs`. Lets the
 * view read a candidate's query terms in one pass over its own terms
 * instead of a binary search per query term.
 */
export interface DocTerms {
  readonly postings: Postings;
  readonly start: Int32Array;
  readonly terms: Int32Array;
  readonly postingOf: Int32Array;
}

/** Inverts `postings` in two passes over every posting. */
export function buildDocTerms(postings: Postings): DocTerms {
  const { docCount, termCount, termStart, docs } = postings;
  const start = new Int32Array(docCount + 1);
  for (let posting = 0; posting < docs.length; posting++) start[docs[posting]! + 1]!++;
  for (let doc = 0; doc < docCount; doc++) start[doc + 1]! += start[doc]!;
  const fill = start.slice(0, docCount);
  const terms = new Int32Array(docs.length);
  const postingOf = new Int32Array(docs.length);
  for (let term = 0; term < termCount; term++) {
    for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) {
      const at = fill[docs[posting]!]!++;
      terms[at] = term;
      postingOf[at] = posting;
    }
  }
  return { postings, start, terms, postingOf };
}
