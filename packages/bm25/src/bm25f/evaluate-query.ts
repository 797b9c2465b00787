import type { CatalogTool } from '@loadout/core';
import { addCompletion, addToClause, addToClauses, addToFull, clearCompletionBest } from './accumulate-postings.js';
import type { Postings } from './postings.js';
import { beginQuery, CLAUSE_GROUP, FUSED_STRIDE } from './query-scratch.js';
import type { QueryScratch } from './query-scratch.js';
import { inCompletionGroup, termWeight } from './query-terms.js';
import type { QueryTerms } from './query-terms.js';
import type { ScoringTables } from './scoring-tables.js';
import { nextStamp } from './term-marks.js';
import { admits, pushTopK, resetTopK } from '@loadout/core/utils';
import type { TopK } from '@loadout/core/utils';

/** What {@link evaluateQuery} needs to know about the index. */
export interface QueryContext {
  readonly postings: Postings;
  readonly tables: ScoringTables;
  readonly scratch: QueryScratch;
  readonly tools: readonly CatalogTool[];
}

type Filter = ((tool: CatalogTool) => boolean) | undefined;

function growInts(buffer: Int32Array, length: number): Int32Array {
  return buffer.length >= length ? buffer : new Int32Array(Math.max(length, buffer.length * 2));
}

/**
 * Accumulates clauses `first .. first + size - 1` in one pass over the
 * postings of each distinct term they hold, taken in order of first
 * occurrence (clause by clause), so every document sums its full-query
 * terms in the same order. Leaves the clauses' normalising factors in
 * `clauseScale`.
 */
function accumulateGroup(context: QueryContext, terms: QueryTerms, first: number, size: number, visitedStamp: number, track: boolean): void {
  const { scratch, postings, tables } = context;
  const { clauseStart, clauseTerms } = terms;
  const length = clauseStart[first + size]! - clauseStart[first]!;
  scratch.groupTerms = growInts(scratch.groupTerms, length);
  scratch.groupMasks = growInts(scratch.groupMasks, length);
  const { groupTerms, groupMasks, clauseScale } = scratch;
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
  clauseScale.fill(0);
  const visited = scratch.visited.marks;
  for (let index = 0; index < count; index++) {
    const term = groupTerms[index]!;
    const mask = groupMasks[index]!;
    const fresh = visited[term] !== visitedStamp;
    visited[term] = visitedStamp;
    const factor = termWeight(terms, term);
    // A completion is in the last clause only (collectQueryTerms), and new to the query in its group.
    if (fresh && (mask & (mask - 1)) === 0 && inCompletionGroup(terms, term)) {
      addCompletion(scratch, postings, tables, term, factor, 31 - Math.clz32(mask), track, term === terms.completedTerm);
    } else if ((mask & (mask - 1)) === 0) {
      addToClause(scratch, postings, tables, term, factor, fresh, 31 - Math.clz32(mask), track);
    } else {
      addToClauses(scratch, postings, tables, term, factor, fresh, mask, track);
    }
  }
  const { clauseMax } = scratch;
  for (let clause = 0; clause < CLAUSE_GROUP; clause++) {
    const max = clauseScale[clause]!;
    const factor = max > 0 ? 1 / max : 0;
    clauseScale[clause] = factor;
    clauseMax[clause] = max > 0 ? max : Infinity;
    if (factor > scratch.maxClauseScale) scratch.maxClauseScale = factor;
  }
  if (scratch.clauseMaxima.length < first + size) {
    const grown = new Float64Array(Math.max(first + size, scratch.clauseMaxima.length * 2));
    grown.set(scratch.clauseMaxima);
    scratch.clauseMaxima = grown;
  }
  scratch.clauseMaxima.set(clauseMax.subarray(0, size), first);
}

/**
 * Keeps the best normalised clause score of a full group before the last
 * for each document the group matched (`best` starts at 0 for every
 * document), and zeroes the group's clause scores and bits for the next
 * group. Which clause gave the best is only tracked for explanations
 * (`keepScores`).
 */
function foldGroup(scratch: QueryScratch, first: number, keepScores: boolean): void {
  const { rows, stride, groupTouched, clauseMax, best, bestClause } = scratch;
  // A full group: CLAUSE_GROUP (7) clauses, unrolled below.
  const m0 = clauseMax[0]!;
  const m1 = clauseMax[1]!;
  const m2 = clauseMax[2]!;
  const m3 = clauseMax[3]!;
  const m4 = clauseMax[4]!;
  const m5 = clauseMax[5]!;
  const m6 = clauseMax[6]!;
  for (let word = 0; word < groupTouched.length; word++) {
    let bits = groupTouched[word]!;
    if (bits === 0) continue;
    groupTouched[word] = 0;
    for (; bits !== 0; bits &= bits - 1) {
      const doc = (word << 5) + 31 - Math.clz32(bits & -bits);
      const base = doc * stride + 1;
      if (keepScores) {
        for (let clause = 0; clause < CLAUSE_GROUP; clause++) {
          const normalised = rows[base + clause]! / clauseMax[clause]!;
          if (normalised > best[doc]!) {
            best[doc] = normalised;
            bestClause[doc] = first + clause;
          }
        }
      } else {
        const group = Math.max(
          Math.max(rows[base]! / m0, rows[base + 1]! / m1),
          Math.max(rows[base + 2]! / m2, rows[base + 3]! / m3),
          Math.max(rows[base + 4]! / m4, Math.max(rows[base + 5]! / m5, rows[base + 6]! / m6)),
        );
        best[doc] = Math.max(best[doc]!, group);
      }
      rows[base] = 0;
      rows[base + 1] = 0;
      rows[base + 2] = 0;
      rows[base + 3] = 0;
      rows[base + 4] = 0;
      rows[base + 5] = 0;
      rows[base + 6] = 0;
    }
  }
}

/**
 * A matched document's best normalised clause score (earlier groups, then
 * the last group in clause order; the first maximum wins) and its clause
 * (−1: none), after {@link evaluateQuery} with `keepScores`.
 */
export function bestClauseOf(scratch: QueryScratch, doc: number): { value: number; clause: number } {
  const { rows, stride, clauseMax, lastFirst, lastSize } = scratch;
  const base = doc * stride + 1;
  let value = scratch.earlierGroups ? scratch.best[doc]! : 0;
  let clause = scratch.earlierGroups ? scratch.bestClause[doc]! : -1;
  for (let index = 0; index < lastSize; index++) {
    const normalised = rows[base + index]! / clauseMax[index]!;
    if (normalised > value) {
      value = normalised;
      clause = lastFirst + index;
    }
  }
  return { value, clause };
}

/** Zeroes the row at `base` of a fused query ({@link FUSED_STRIDE} numbers). */
function clearRow(rows: Float64Array, base: number): void {
  rows[base] = 0;
  rows[base + 1] = 0;
  rows[base + 2] = 0;
  rows[base + 3] = 0;
  rows[base + 4] = 0;
  rows[base + 5] = 0;
  rows[base + 6] = 0;
  rows[base + 7] = 0;
}

/** The lowest score that may enter `heap` (ties are then settled by {@link admits}). */
function floorOf(heap: TopK): number {
  return heap.size < heap.capacity ? 0 : heap.scores[0]!;
}

function rankPlain(context: QueryContext, keepScores: boolean, filter: Filter): void {
  const { scratch, tools } = context;
  const { touched, rows, heap } = scratch;
  let floor = floorOf(heap);
  for (let word = 0; word < touched.length; word++) {
    let bits = touched[word]!;
    if (bits === 0) continue;
    for (; bits !== 0; bits &= bits - 1) {
      const doc = (word << 5) + 31 - Math.clz32(bits & -bits);
      const score = rows[doc]!;
      if (!keepScores) rows[doc] = 0;
      if (score < floor || score <= 0 || !admits(heap, score, doc)) continue;
      if (filter !== undefined && !filter(tools[doc]!)) continue;
      pushTopK(heap, score, doc);
      floor = floorOf(heap);
    }
    // Cleared after its rows, so a throwing filter leaves the word for the next query to clear.
    if (!keepScores) touched[word] = 0;
  }
}

/**
 * Fuses `full / max_full + clauseWeight · best_clause`, folding in the last
 * clause group on the way. A clause's terms are among the full query's, so
 * `clause · factor ≤ full · maxClauseScale`; a row whose bound from that
 * stays below the heap's floor is skipped without reading its clauses,
 * which is most rows. Every row has room for {@link CLAUSE_GROUP} clauses
 * (unused ones are 0 with factor 0), so the code is the same whatever the
 * clause count: no branch that only long queries take, which would cost a
 * deoptimisation when one first arrives.
 */
function rankFused(context: QueryContext, clauseWeight: number, keepScores: boolean, filter: Filter): void {
  const { scratch, tools } = context;
  const { touched, rows, clauseMax, best, heap } = scratch;
  const scale = scratch.maxFull > 0 ? 1 / scratch.maxFull : 0;
  const fullMax = scratch.maxFull > 0 ? scratch.maxFull : Infinity;
  scratch.fullMax = fullMax;
  const m0 = clauseMax[0]!;
  const m1 = clauseMax[1]!;
  const m2 = clauseMax[2]!;
  const m3 = clauseMax[3]!;
  const m4 = clauseMax[4]!;
  const m5 = clauseMax[5]!;
  const m6 = clauseMax[6]!;
  // Slack far above the rounding of sums in different orders, so the bound never undercuts a score.
  const bound = (scale + clauseWeight * scratch.maxClauseScale) * (1 + 1e-9);
  let floor = floorOf(heap);
  for (let word = 0; word < touched.length; word++) {
    let bits = touched[word]!;
    if (bits === 0) continue;
    for (; bits !== 0; bits &= bits - 1) {
      const doc = (word << 5) + 31 - Math.clz32(bits & -bits);
      const base = doc * FUSED_STRIDE;
      const full = rows[base]!;
      if (full * bound < floor) {
        if (!keepScores) clearRow(rows, base);
        continue;
      }
      const value = Math.max(
        Math.max(Math.max(rows[base + 1]! / m0, rows[base + 2]! / m1), Math.max(rows[base + 3]! / m2, rows[base + 4]! / m3)),
        Math.max(Math.max(rows[base + 5]! / m4, rows[base + 6]! / m5), Math.max(rows[base + 7]! / m6, best[doc]!)),
      );
      const score = full / fullMax + clauseWeight * value;
      if (!keepScores) clearRow(rows, base);
      if (score < floor || score <= 0 || !admits(heap, score, doc)) continue;
      if (filter !== undefined && !filter(tools[doc]!)) continue;
      pushTopK(heap, score, doc);
      floor = floorOf(heap);
    }
    // Cleared after its rows, so a throwing filter leaves the word for the next query to clear.
    if (!keepScores) touched[word] = 0;
  }
}

/**
 * Scores every document matching the query and keeps the best `limit` that
 * pass `filter` in `scratch.heap` (the filter runs only on documents that
 * would enter it, in document order). Without clauses a document's score
 * is its BM25F score; with ≥ 2 clauses it is `full / max_full + clauseWeight
 * · best_clause`, where `best_clause` is the document's highest clause score
 * divided by that clause's maximum (maxima over all documents, before
 * filtering). With `keepScores` the raw scores stay in `scratch` until the
 * next query, for explanations.
 *
 * Each term's postings are read once per group of {@link CLAUSE_GROUP}
 * clauses holding it (once in all for almost every query), adding to the
 * full-query score and to every clause of the group holding the term.
 */
export function evaluateQuery(context: QueryContext, terms: QueryTerms, limit: number, clauseWeight: number, filter: Filter, keepScores = false): void {
  const { scratch, postings, tables } = context;
  const clauseCount = terms.clauseCount;
  const fused = clauseCount >= 2;
  beginQuery(scratch, fused ? FUSED_STRIDE : 1);
  const visitedStamp = nextStamp(scratch.visited, postings.termCount);
  const visited = scratch.visited.marks;
  if (clauseCount > CLAUSE_GROUP) {
    if (keepScores) {
      if (scratch.bestClause.length < scratch.docCount) scratch.bestClause = new Int32Array(scratch.docCount);
      scratch.bestClause.fill(-1);
    }
    scratch.earlierGroups = true;
    scratch.bestDirty = true;
  }
  if (fused) {
    for (let first = 0; ; first += CLAUSE_GROUP) {
      const size = Math.min(CLAUSE_GROUP, clauseCount - first);
      const last = first + size === clauseCount;
      accumulateGroup(context, terms, first, size, visitedStamp, !last);
      if (last) {
        scratch.lastFirst = first;
        scratch.lastSize = size;
        break;
      }
      foldGroup(scratch, first, keepScores);
    }
  }
  const { full } = terms;
  for (let index = 0, count = terms.fullCount; index < count; index++) {
    const term = full[index]!;
    if (visited[term] === visitedStamp) continue;
    visited[term] = visitedStamp;
    if (inCompletionGroup(terms, term)) addCompletion(scratch, postings, tables, term, termWeight(terms, term), -1, false, term === terms.completedTerm);
    else addToFull(scratch, postings, tables, term, termWeight(terms, term));
  }
  if (terms.completionStamp !== 0) {
    for (let index = 0, count = terms.fullCount; index < count; index++) if (inCompletionGroup(terms, full[index]!)) clearCompletionBest(scratch, postings, full[index]!);
  }
  resetTopK(scratch.heap, limit);
  if (fused) rankFused(context, clauseWeight, keepScores, filter);
  else rankPlain(context, keepScores, filter);
  scratch.dirty = keepScores;
  if (scratch.bestDirty && !keepScores) {
    scratch.best.fill(0);
    scratch.bestDirty = false;
  }
}
