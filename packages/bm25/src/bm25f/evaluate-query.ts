import type { CatalogTool } from '@loadout/core';
import type { Postings } from './postings.js';
import { beginQuery } from './query-scratch.js';
import type { QueryScratch } from './query-scratch.js';
import type { ScoringTables } from './scoring-tables.js';
import { admits, pushTopK, resetTopK } from '../shared/top-k.js';

/** What {@link evaluateQuery} needs to know about the index. */
export interface QueryContext {
  readonly postings: Postings;
  readonly tables: ScoringTables;
  readonly scratch: QueryScratch;
  readonly tools: readonly CatalogTool[];
}

/**
 * The analysed query: distinct term ids of the whole query and of each
 * clause. Clause fusion applies when there are ≥ 2 clauses; clause terms
 * must be a subset of `full`.
 */
export interface QueryTerms {
  readonly full: readonly number[];
  readonly clauses: readonly (readonly number[])[];
}

function accumulateFull(context: QueryContext, term: number): void {
  const { postings, tables, scratch } = context;
  const { termStart, docs } = postings;
  const { saturated } = tables;
  const { marks, full, touched, best, bestClause } = scratch;
  const epoch = scratch.epoch;
  const weight = tables.idf[term]!;
  let count = scratch.touchedCount;
  for (let posting = termStart[term]!, end = termStart[term + 1]!; posting < end; posting++) {
    const doc = docs[posting]!;
    const value = weight * saturated[posting]!;
    if (marks[doc] === epoch) {
      full[doc] = full[doc]! + value;
    } else {
      marks[doc] = epoch;
      full[doc] = value;
      best[doc] = 0;
      bestClause[doc] = -1;
      touched[count++] = doc;
    }
  }
  scratch.touchedCount = count;
}

/** Running state of the clause being accumulated. */
interface ClauseState {
  count: number;
  /** Values only grow, so the running maximum of updates is the maximum of final values. */
  max: number;
}

/** Adds a term to the current clause (and, on its first visit, to the full score). */
function accumulateClause(context: QueryContext, term: number, state: ClauseState, alsoFull: boolean): void {
  const { postings, tables, scratch } = context;
  const { termStart, docs } = postings;
  const { saturated } = tables;
  const { clause, clauseTouched } = scratch;
  const weight = tables.idf[term]!;
  const start = termStart[term]!;
  const end = termStart[term + 1]!;
  let clauseCount = state.count;
  let max = state.max;
  if (!alsoFull) {
    for (let posting = start; posting < end; posting++) {
      const value = weight * saturated[posting]!;
      if (value === 0) continue;
      const doc = docs[posting]!;
      const previous = clause[doc]!;
      if (previous === 0) clauseTouched[clauseCount++] = doc;
      const next = previous + value;
      clause[doc] = next;
      if (next > max) max = next;
    }
    state.count = clauseCount;
    state.max = max;
    return;
  }
  const { marks, full, touched, best, bestClause } = scratch;
  const epoch = scratch.epoch;
  let touchedCount = scratch.touchedCount;
  for (let posting = start; posting < end; posting++) {
    const doc = docs[posting]!;
    const value = weight * saturated[posting]!;
    if (marks[doc] === epoch) {
      full[doc] = full[doc]! + value;
    } else {
      marks[doc] = epoch;
      full[doc] = value;
      best[doc] = 0;
      bestClause[doc] = -1;
      touched[touchedCount++] = doc;
    }
    if (value === 0) continue;
    const previous = clause[doc]!;
    if (previous === 0) clauseTouched[clauseCount++] = doc;
    const next = previous + value;
    clause[doc] = next;
    if (next > max) max = next;
  }
  scratch.touchedCount = touchedCount;
  state.count = clauseCount;
  state.max = max;
}

function maxOver(values: Float64Array, docs: Int32Array, count: number): number {
  let max = 0;
  for (let index = 0; index < count; index++) {
    const value = values[docs[index]!]!;
    if (value > max) max = value;
  }
  return max;
}

/**
 * One pass over the postings of each distinct term: clause by clause, a
 * term's first visit also adds to the full-query score, so shared terms
 * alone are read twice. Leaves `best`/`bestClause` set for touched docs.
 */
function accumulateWithClauses(context: QueryContext, terms: QueryTerms): void {
  // `clause` is all zeros between clauses: each clause resets the entries it touched.
  const { scratch } = context;
  const { clause, clauseTouched, best, bestClause } = scratch;
  const done = new Set<number>();
  for (let clauseIndex = 0; clauseIndex < terms.clauses.length; clauseIndex++) {
    const clauseTerms = terms.clauses[clauseIndex]!;
    const state: ClauseState = { count: 0, max: 0 };
    for (const term of clauseTerms) {
      const first = !done.has(term);
      if (first) done.add(term);
      accumulateClause(context, term, state, first);
    }
    const scale = state.max > 0 ? 1 / state.max : 0;
    for (let index = 0, count = state.count; index < count; index++) {
      const doc = clauseTouched[index]!;
      const value = clause[doc]! * scale;
      clause[doc] = 0;
      if (value > best[doc]!) {
        best[doc] = value;
        bestClause[doc] = clauseIndex;
      }
    }
  }
  for (const term of terms.full) if (!done.has(term)) accumulateFull(context, term);
}

/**
 * Scores every document matching the query and keeps the best `limit` that
 * pass `filter` in `scratch.heap` (the filter runs only on documents that
 * would enter it). Without clauses a document's score is its BM25F score;
 * with ≥ 2 clauses it is `full / max_full + clauseWeight · best_clause`, where
 * `best_clause` is the document's highest clause score divided by that
 * clause's maximum (maxima over all documents, before filtering). The fused
 * score is also left in `scratch.final`.
 */
export function evaluateQuery(
  context: QueryContext,
  terms: QueryTerms,
  limit: number,
  clauseWeight: number,
  filter: ((tool: CatalogTool) => boolean) | undefined,
): void {
  const { scratch, tools } = context;
  beginQuery(scratch);
  const fused = terms.clauses.length >= 2;
  if (fused) accumulateWithClauses(context, terms);
  else for (const term of terms.full) accumulateFull(context, term);
  const { touched, full, best, final, heap } = scratch;
  const count = scratch.touchedCount;
  const maxFull = fused ? maxOver(full, touched, count) : 0;
  const scale = maxFull > 0 ? 1 / maxFull : 0;
  resetTopK(heap, limit);
  for (let index = 0; index < count; index++) {
    const doc = touched[index]!;
    let score = full[doc]!;
    if (fused) {
      score = score * scale + clauseWeight * best[doc]!;
      final[doc] = score;
    }
    if (score <= 0 || !admits(heap, score, doc)) continue;
    if (filter !== undefined && !filter(tools[doc]!)) continue;
    pushTopK(heap, score, doc);
  }
}
