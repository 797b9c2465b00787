import type { Postings } from './postings.js';
import type { QueryScratch } from './query-scratch.js';
import type { ScoringTables } from './scoring-tables.js';

// One pass over a term's postings adds `factor · idf · saturated` (factor: the term's query weight) to the full-query
// score of each document (when `fresh`: the term's first pass in the query)
// and to its scores for the clauses of the current group holding the term,
// and sets the document's touched bit.

/** Adds a term to the full-query scores only. */
export function addToFull(scratch: QueryScratch, postings: Postings, tables: ScoringTables, term: number, factor: number): void {
  const { docs, termStart } = postings;
  const { saturated } = tables;
  const { rows, touched, stride } = scratch;
  const weight = tables.idf[term]! * factor;
  let maxFull = scratch.maxFull;
  for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) {
    const value = weight * saturated[posting]!;
    const doc = docs[posting]!;
    const base = doc * stride;
    const full = rows[base]! + value;
    rows[base] = full;
    touched[doc >> 5] = touched[doc >> 5]! | (1 << (doc & 31));
    if (full > maxFull) maxFull = full;
  }
  scratch.maxFull = maxFull;
}

/**
 * Adds a term to clause `clause` of the current group (row offset `1 + clause`),
 * and to the full-query scores when `fresh`; with `track`, also sets the
 * documents' bits in `groupTouched`.
 */
export function addToClause(
  scratch: QueryScratch,
  postings: Postings,
  tables: ScoringTables,
  term: number,
  factor: number,
  fresh: boolean,
  clause: number,
  track: boolean,
): void {
  const { docs, termStart } = postings;
  const { saturated } = tables;
  const { rows, touched, groupTouched, stride } = scratch;
  const weight = tables.idf[term]! * factor;
  const offset = 1 + clause;
  const end = termStart[term + 1]!;
  let max = scratch.clauseScale[clause]!;
  if (fresh) {
    let maxFull = scratch.maxFull;
    for (let posting = termStart[term]!; posting < end; posting++) {
      const value = weight * saturated[posting]!;
      const doc = docs[posting]!;
      const base = doc * stride;
      const full = rows[base]! + value;
      rows[base] = full;
      touched[doc >> 5] = touched[doc >> 5]! | (1 << (doc & 31));
      if (track) groupTouched[doc >> 5] = groupTouched[doc >> 5]! | (1 << (doc & 31));
      if (full > maxFull) maxFull = full;
      const next = rows[base + offset]! + value;
      rows[base + offset] = next;
      if (next > max) max = next;
    }
    scratch.maxFull = maxFull;
  } else {
    for (let posting = termStart[term]!; posting < end; posting++) {
      const doc = docs[posting]!;
      const at = doc * stride + offset;
      if (track) groupTouched[doc >> 5] = groupTouched[doc >> 5]! | (1 << (doc & 31));
      const next = rows[at]! + weight * saturated[posting]!;
      rows[at] = next;
      if (next > max) max = next;
    }
  }
  scratch.clauseScale[clause] = max;
}

/** {@link addToClause} for every clause of the current group whose bit is set in `mask`. */
export function addToClauses(
  scratch: QueryScratch,
  postings: Postings,
  tables: ScoringTables,
  term: number,
  factor: number,
  fresh: boolean,
  mask: number,
  track: boolean,
): void {
  const { docs, termStart } = postings;
  const { saturated } = tables;
  const { rows, touched, groupTouched, stride, clauseScale } = scratch;
  const weight = tables.idf[term]! * factor;
  let maxFull = scratch.maxFull;
  for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) {
    const value = weight * saturated[posting]!;
    const doc = docs[posting]!;
    const base = doc * stride;
    if (track) groupTouched[doc >> 5] = groupTouched[doc >> 5]! | (1 << (doc & 31));
    if (fresh) {
      const full = rows[base]! + value;
      rows[base] = full;
      touched[doc >> 5] = touched[doc >> 5]! | (1 << (doc & 31));
      if (full > maxFull) maxFull = full;
    }
    for (let rest = mask; rest !== 0; rest &= rest - 1) {
      const clause = 31 - Math.clz32(rest & -rest);
      const at = base + 1 + clause;
      const next = rows[at]! + value;
      rows[at] = next;
      if (next > clauseScale[clause]!) clauseScale[clause] = next;
    }
  }
  scratch.maxFull = maxFull;
}

/**
 * Adds a completion of the query's last word to the full-query scores and,
 * when `clause` ≥ 0, to that clause of the current group: the last word's
 * completions count as one word, so a document gains only what this term
 * adds above the best completion it matched so far (`completionBest`), and
 * ends with the best one's contribution, not their sum. The `head` (the
 * word's own term, taken first) bars the completions from the documents it
 * matches. Call
 * {@link clearCompletionBest} with the same terms after the query.
 */
export function addCompletion(
  scratch: QueryScratch,
  postings: Postings,
  tables: ScoringTables,
  term: number,
  factor: number,
  clause: number,
  track: boolean,
  head = false,
): void {
  const { docs, termStart } = postings;
  const { saturated } = tables;
  const { rows, touched, groupTouched, stride, completionBest } = scratch;
  const weight = tables.idf[term]! * factor;
  const offset = 1 + clause;
  let maxFull = scratch.maxFull;
  let max = clause >= 0 ? scratch.clauseScale[clause]! : 0;
  for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) {
    const doc = docs[posting]!;
    const value = weight * saturated[posting]!;
    const gain = value - completionBest[doc]!;
    if (gain <= 0) continue;
    completionBest[doc] = head ? Infinity : value;
    const base = doc * stride;
    const full = rows[base]! + gain;
    rows[base] = full;
    touched[doc >> 5] = touched[doc >> 5]! | (1 << (doc & 31));
    if (full > maxFull) maxFull = full;
    if (clause < 0) continue;
    if (track) groupTouched[doc >> 5] = groupTouched[doc >> 5]! | (1 << (doc & 31));
    const next = rows[base + offset]! + gain;
    rows[base + offset] = next;
    if (next > max) max = next;
  }
  scratch.maxFull = maxFull;
  if (clause >= 0) scratch.clauseScale[clause] = max;
}

/** Zeroes `completionBest` for the documents of `term`'s postings. */
export function clearCompletionBest(scratch: QueryScratch, postings: Postings, term: number): void {
  const { docs, termStart } = postings;
  const { completionBest } = scratch;
  for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) completionBest[docs[posting]!] = 0;
}
