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

/** The first position of sorted `docs[low .. end)` holding `doc` or a later one, or `end`: galloping from `low`, then a binary search. */
export function seekPosting(docs: Int32Array, low: number, end: number, doc: number): number {
  let high = low;
  for (let step = 1; high < end && docs[high]! < doc; step += step) {
    low = high + 1;
    high += step;
  }
  high = Math.min(high, end);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (docs[middle]! < doc) low = middle + 1;
    else high = middle;
  }
  return low;
}
