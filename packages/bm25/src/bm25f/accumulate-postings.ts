import type { Postings } from './postings.js';
import type { QueryScratch } from './query-scratch.js';
import type { ScoringTables } from './scoring-tables.js';

// One pass over a term's postings adds `idf · saturated` to the full-query
// score of each document (when `fresh`: the term's first pass in the query)
// and to its scores for the clauses of the current group holding the term.
// A fresh pass skips zero weights (they change no score), so a row's
// full-query score is 0 exactly until its document is first touched.

/** Adds a term to the full-query scores only. */
export function addToFull(scratch: QueryScratch, postings: Postings, tables: ScoringTables, term: number): void {
  const { docs, termStart } = postings;
  const { saturated } = tables;
  const { rows, touched, stride } = scratch;
  const weight = tables.idf[term]!;
  let count = scratch.touchedCount;
  let maxFull = scratch.maxFull;
  for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) {
    const value = weight * saturated[posting]!;
    if (value === 0) continue;
    const doc = docs[posting]!;
    const base = doc * stride;
    const previous = rows[base]!;
    if (previous === 0) touched[count++] = doc;
    const next = previous + value;
    rows[base] = next;
    if (next > maxFull) maxFull = next;
  }
  scratch.touchedCount = count;
  scratch.maxFull = maxFull;
}

/** Adds a term to clause `clause` of the current group (row offset `1 + clause`), and to the full-query scores when `fresh`. */
export function addToClause(scratch: QueryScratch, postings: Postings, tables: ScoringTables, term: number, fresh: boolean, clause: number): void {
  const { docs, termStart } = postings;
  const { saturated } = tables;
  const { rows, touched, stride } = scratch;
  const weight = tables.idf[term]!;
  const offset = 1 + clause;
  const end = termStart[term + 1]!;
  let max = scratch.clauseScale[clause]!;
  if (fresh) {
    let count = scratch.touchedCount;
    let maxFull = scratch.maxFull;
    for (let posting = termStart[term]!; posting < end; posting++) {
      const value = weight * saturated[posting]!;
      if (value === 0) continue;
      const doc = docs[posting]!;
      const base = doc * stride;
      const previous = rows[base]!;
      if (previous === 0) touched[count++] = doc;
      const full = previous + value;
      rows[base] = full;
      if (full > maxFull) maxFull = full;
      const next = rows[base + offset]! + value;
      rows[base + offset] = next;
      if (next > max) max = next;
    }
    scratch.touchedCount = count;
    scratch.maxFull = maxFull;
  } else {
    for (let posting = termStart[term]!; posting < end; posting++) {
      const at = docs[posting]! * stride + offset;
      const next = rows[at]! + weight * saturated[posting]!;
      rows[at] = next;
      if (next > max) max = next;
    }
  }
  scratch.clauseScale[clause] = max;
}

/** Adds a term to every clause of the current group whose bit is set in `mask`, and to the full-query scores when `fresh`. */
export function addToClauses(scratch: QueryScratch, postings: Postings, tables: ScoringTables, term: number, fresh: boolean, mask: number): void {
  const { docs, termStart } = postings;
  const { saturated } = tables;
  const { rows, touched, stride, clauseScale } = scratch;
  const weight = tables.idf[term]!;
  let count = scratch.touchedCount;
  let maxFull = scratch.maxFull;
  for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) {
    const value = weight * saturated[posting]!;
    if (value === 0) continue;
    const doc = docs[posting]!;
    const base = doc * stride;
    if (fresh) {
      const previous = rows[base]!;
      if (previous === 0) touched[count++] = doc;
      const full = previous + value;
      rows[base] = full;
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
  scratch.touchedCount = count;
  scratch.maxFull = maxFull;
}
