import type { CatalogTool } from '@loadout/core';
import { addToClause, addToClauses, addToFull } from './accumulate-postings.js';
import type { Postings } from './postings.js';
import { beginQuery, CLAUSE_GROUP } from './query-scratch.js';
import type { QueryScratch } from './query-scratch.js';
import type { QueryTerms } from './query-terms.js';
import type { ScoringTables } from './scoring-tables.js';
import { nextStamp } from './term-marks.js';
import { admits, pushTopK, resetTopK } from '../shared/top-k.js';
import type { TopK } from '../shared/top-k.js';

/** What {@link evaluateQuery} needs to know about the index. */
export interface QueryContext {
  readonly postings: Postings;
  readonly tables: ScoringTables;
  readonly scratch: QueryScratch;
  readonly tools: readonly CatalogTool[];
}

function growInts(buffer: Int32Array, length: number): Int32Array {
  return buffer.length >= length ? buffer : new Int32Array(Math.max(length, buffer.length * 2));
}

/**
 * Accumulates clauses `first .. first + size - 1` in one pass over the
 * postings of each distinct term they hold, taken in order of first
 * occurrence (clause by clause), so every document sums its full-query
 * terms in the same order.
 */
function accumulateGroup(context: QueryContext, terms: QueryTerms, first: number, size: number, visitedStamp: number): void {
  const { scratch, postings, tables } = context;
  const { clauseStart, clauseTerms } = terms;
  const from = clauseStart[first]!;
  const to = clauseStart[first + size]!;
  scratch.groupTerms = growInts(scratch.groupTerms, to - from);
  scratch.groupMasks = growInts(scratch.groupMasks, to - from);
  const { groupTerms, groupMasks } = scratch;
  const inGroup = nextStamp(scratch.inGroup, postings.termCount);
  const { marks: groupMarks, values: position } = scratch.inGroup;
  let count = 0;
  for (let clause = 0; clause < size; clause++) {
    for (let index = clauseStart[first + clause]!, end = clauseStart[first + clause + 1]!; index < end; index++) {
      const term = clauseTerms[index]!;
      if (groupMarks[term] !== inGroup) {
        groupMarks[term] = inGroup;
        position[term] = count;
        groupTerms[count] = term;
        groupMasks[count++] = 0;
      }
      const at = position[term]!;
      groupMasks[at] = groupMasks[at]! | (1 << clause);
    }
  }
  scratch.clauseScale.fill(0);
  const visited = scratch.visited.marks;
  for (let index = 0; index < count; index++) {
    const term = groupTerms[index]!;
    const mask = groupMasks[index]!;
    const fresh = visited[term] !== visitedStamp;
    visited[term] = visitedStamp;
    if ((mask & (mask - 1)) === 0) addToClause(scratch, postings, tables, term, fresh, 31 - Math.clz32(mask));
    else addToClauses(scratch, postings, tables, term, fresh, mask);
  }
  const { clauseScale } = scratch;
  for (let clause = 0; clause < size; clause++) clauseScale[clause] = clauseScale[clause]! > 0 ? 1 / clauseScale[clause]! : 0;
}

/**
 * Keeps each document's best normalised clause score of a group before the
 * last, and zeroes the group's clause scores; documents from `initialised`
 * on in `touched` are new since the last fold.
 */
function foldGroup(scratch: QueryScratch, first: number, size: number, initialised: number): void {
  const { rows, stride, touched, clauseScale } = scratch;
  if (scratch.best.length < scratch.docCount) {
    scratch.best = new Float64Array(scratch.docCount);
    scratch.bestClause = new Int32Array(scratch.docCount);
  }
  const { best, bestClause } = scratch;
  for (let index = 0, count = scratch.touchedCount; index < count; index++) {
    const doc = touched[index]!;
    const base = doc * stride + 1;
    let value = index < initialised ? best[doc]! : 0;
    let which = index < initialised ? bestClause[doc]! : -1;
    for (let clause = 0; clause < size; clause++) {
      const normalised = rows[base + clause]! * clauseScale[clause]!;
      rows[base + clause] = 0;
      if (normalised > value) {
        value = normalised;
        which = first + clause;
      }
    }
    best[doc] = value;
    bestClause[doc] = which;
  }
  scratch.earlierGroups = true;
}

/**
 * A touched document's best normalised clause score (earlier groups, then
 * the last group in clause order; the first maximum wins), and its clause
 * (−1: none), after {@link evaluateQuery} fused the scores.
 */
export function bestClauseOf(scratch: QueryScratch, doc: number): { value: number; clause: number } {
  const { rows, stride, clauseScale, lastFirst, lastSize } = scratch;
  const base = doc * stride + 1;
  let value = scratch.earlierGroups ? scratch.best[doc]! : 0;
  let clause = scratch.earlierGroups ? scratch.bestClause[doc]! : -1;
  for (let index = 0; index < lastSize; index++) {
    const normalised = rows[base + index]! * clauseScale[index]!;
    if (normalised > value) {
      value = normalised;
      clause = lastFirst + index;
    }
  }
  return { value, clause };
}

/** The lowest score that may enter `heap` (ties are then settled by {@link admits}). */
function floorOf(heap: TopK): number {
  return heap.size < heap.capacity ? 0 : heap.scores[0]!;
}

function rankPlain(context: QueryContext, keepScores: boolean, filter: ((tool: CatalogTool) => boolean) | undefined): void {
  const { scratch, tools } = context;
  const { touched, rows, heap } = scratch;
  let floor = floorOf(heap);
  for (let index = 0, count = scratch.touchedCount; index < count; index++) {
    const doc = touched[index]!;
    const score = rows[doc]!;
    if (!keepScores) rows[doc] = 0;
    if (score < floor || score <= 0 || !admits(heap, score, doc)) continue;
    if (filter !== undefined && !filter(tools[doc]!)) continue;
    pushTopK(heap, score, doc);
    floor = floorOf(heap);
  }
}

/**
 * Fuses `full / max_full + clauseWeight · best_clause`, folding in the last
 * clause group on the way. The clause loop is unrolled: `size` is the same
 * for every row, so its branches predict perfectly, where a loop's maxima
 * would not.
 */
function rankFused(
  context: QueryContext,
  initialised: number,
  clauseWeight: number,
  keepScores: boolean,
  filter: ((tool: CatalogTool) => boolean) | undefined,
): void {
  const { scratch, tools } = context;
  const { touched, rows, stride, clauseScale, best, heap } = scratch;
  const size = scratch.lastSize;
  const scale = scratch.maxFull > 0 ? 1 / scratch.maxFull : 0;
  scratch.fullScale = scale;
  const s0 = clauseScale[0]!;
  const s1 = clauseScale[1]!;
  const s2 = clauseScale[2]!;
  const s3 = clauseScale[3]!;
  const s4 = clauseScale[4]!;
  const s5 = clauseScale[5]!;
  const s6 = clauseScale[6]!;
  let floor = floorOf(heap);
  for (let index = 0, count = scratch.touchedCount; index < count; index++) {
    const doc = touched[index]!;
    const base = doc * stride;
    const full = rows[base]!;
    let value = Math.max(rows[base + 1]! * s0, rows[base + 2]! * s1);
    if (size > 2) value = Math.max(value, rows[base + 3]! * s2);
    if (size > 3) value = Math.max(value, rows[base + 4]! * s3);
    if (size > 4) value = Math.max(value, rows[base + 5]! * s4);
    if (size > 5) value = Math.max(value, rows[base + 6]! * s5);
    if (size > 6) value = Math.max(value, rows[base + 7]! * s6);
    if (index < initialised) value = Math.max(value, best[doc]!);
    const score = full * scale + clauseWeight * value;
    if (!keepScores) {
      rows[base] = 0;
      rows[base + 1] = 0;
      rows[base + 2] = 0;
      if (size > 2) rows[base + 3] = 0;
      if (size > 3) rows[base + 4] = 0;
      if (size > 4) rows[base + 5] = 0;
      if (size > 5) rows[base + 6] = 0;
      if (size > 6) rows[base + 7] = 0;
    }
    if (score < floor || score <= 0 || !admits(heap, score, doc)) continue;
    if (filter !== undefined && !filter(tools[doc]!)) continue;
    pushTopK(heap, score, doc);
    floor = floorOf(heap);
  }
}

/**
 * Scores every document matching the query and keeps the best `limit` that
 * pass `filter` in `scratch.heap` (the filter runs only on documents that
 * would enter it). Without clauses a document's score is its BM25F score;
 * with ≥ 2 clauses it is `full / max_full + clauseWeight · best_clause`, where
 * `best_clause` is the document's highest clause score divided by that
 * clause's maximum (maxima over all documents, before filtering). With
 * `keepScores` the raw scores stay in `scratch` until the next query, for
 * explanations.
 *
 * Each term's postings are read once per group of {@link CLAUSE_GROUP}
 * clauses holding it (once in all for almost every query), adding to the
 * full-query score and to every clause of the group holding the term.
 */
export function evaluateQuery(
  context: QueryContext,
  terms: QueryTerms,
  limit: number,
  clauseWeight: number,
  filter: ((tool: CatalogTool) => boolean) | undefined,
  keepScores = false,
): void {
  const { scratch, postings, tables } = context;
  const clauseCount = terms.clauseCount;
  const fused = clauseCount >= 2;
  beginQuery(scratch, fused ? 1 + Math.min(clauseCount, CLAUSE_GROUP) : 1);
  const visitedStamp = nextStamp(scratch.visited, postings.termCount);
  const visited = scratch.visited.marks;
  let initialised = 0;
  if (fused) {
    for (let first = 0; ; first += CLAUSE_GROUP) {
      const size = Math.min(CLAUSE_GROUP, clauseCount - first);
      accumulateGroup(context, terms, first, size, visitedStamp);
      if (first + size === clauseCount) {
        scratch.lastFirst = first;
        scratch.lastSize = size;
        break;
      }
      foldGroup(scratch, first, size, initialised);
      initialised = scratch.touchedCount;
    }
  }
  const { full } = terms;
  for (let index = 0, count = terms.fullCount; index < count; index++) {
    const term = full[index]!;
    if (visited[term] === visitedStamp) continue;
    visited[term] = visitedStamp;
    addToFull(scratch, postings, tables, term);
  }
  if (scratch.earlierGroups) {
    for (let index = initialised; index < scratch.touchedCount; index++) {
      const doc = scratch.touched[index]!;
      scratch.best[doc] = 0;
      scratch.bestClause[doc] = -1;
    }
  }
  resetTopK(scratch.heap, limit);
  if (fused) rankFused(context, initialised, clauseWeight, keepScores, filter);
  else rankPlain(context, keepScores, filter);
  scratch.dirty = keepScores;
}
