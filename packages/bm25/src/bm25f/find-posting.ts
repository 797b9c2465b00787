import type { Postings } from './postings.js';

/** The posting of `doc` under `term`, or −1 (binary search; postings are sorted by doc). */
export function findPosting(postings: Postings, term: number, doc: number): number {
  let low = postings.termStart[term]!;
  let high = postings.termStart[term + 1]! - 1;
  const docs = postings.docs;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = docs[middle]!;
    if (value === doc) return middle;
    if (value < doc) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
