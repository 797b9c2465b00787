import type { QueryContext } from './evaluate-query.js';
import { seekPosting } from './find-posting.js';
import { termWeight } from './query-terms.js';
import type { QueryTerms } from './query-terms.js';

/** Settings of {@link coverClauses}. */
export interface ClauseCoverSettings {
  /** λ of clause fusion. */
  readonly clauseWeight: number;
  /** Credit kept for a clause a tool picked before already covers. 0–1 (1: no effect). */
  readonly credit: number;
  /** A picked tool covers each clause where it scores at least this share of the clause's best. 0–1. */
  readonly threshold: number;
}

/** Buffers reused by every call (it runs to its end without calling out, so rankers can share them). */
const reused = { numbers: new Float64Array(0), ints: new Int32Array(0), termPostings: new Int32Array(0) };

/** Per pick: the clause part of its selection score (after coverage), for explanations; and each pick's query-term postings, for the first-stage view. */
export interface ClauseCoverResult {
  readonly clausePart: Float64Array;
  /** Per pick: its row in `termPostings`. Valid until the next call. */
  readonly rows: Int32Array;
  /** Per row and query term (`row · fullCount + term`, terms as in `QueryTerms.full`): the term's posting for that tool, or −1. Valid until the next call. */
  readonly termPostings: Int32Array;
}

/**
 * Re-picks the best `limit` of `count` fused candidates (`docs`/`scores`,
 * best first, rewritten in place) so that multi-step requests get a tool
 * for each step: picking greedily by `full / max_full + λ · max_c (clause_c /
 * max_c · w_c)`, where `w_c` is 1 until a picked tool scores ≥ `threshold`
 * of clause `c`'s best and `credit` after. Without coverage this is the
 * fusion score, so a query whose best tools each serve a different clause
 * keeps its order; a second tool for an already served clause yields its
 * place to the best tool of a clause not yet served when their scores are
 * close. Scores stay non-increasing. Needs the clause maxima of the last
 * `evaluateQuery` (`scratch.clauseMaxima`). Only candidates whose fused
 * score is within `λ · (1 − credit)` of the `limit`-th are read: no other
 * can be picked.
 */
export function coverClauses(context: QueryContext, terms: QueryTerms, docs: Int32Array, scores: Float64Array, total: number, limit: number, settings: ClauseCoverSettings): ClauseCoverResult {
  const { postings, tables, scratch } = context;
  // A pick's score is within λ · (1 − credit) below its fused score, and the first `limit` picks never score
  // below the `limit`-th fused score minus that; candidates further down can never be picked, so skip them.
  const picks = Math.min(limit, total);
  const floor = picks === 0 ? 0 : scores[picks - 1]! - settings.clauseWeight * (1 - settings.credit) * (1 + 1e-9) - 1e-12;
  let count = picks;
  while (count < total && scores[count]! >= floor) count++;
  const clauseCount = terms.clauseCount;
  const fullCount = terms.fullCount;
  // One buffer of numbers (full, clause, byDoc, contribution, selection, parts) and one of ints (docAt, candidateAt, inFull, covered, taken).
  const clauseEnd = terms.clauseStart[clauseCount]!;
  if (reused.numbers.length < count * (4 + clauseCount + fullCount)) reused.numbers = new Float64Array(count * (4 + clauseCount + fullCount) * 2);
  if (reused.ints.length < 3 * count + clauseEnd + clauseCount) reused.ints = new Int32Array((3 * count + clauseEnd + clauseCount) * 2);
  if (reused.termPostings.length < count * fullCount) reused.termPostings = new Int32Array(count * fullCount * 2);
  const { numbers, ints } = reused;
  const termPostings = reused.termPostings.subarray(0, count * fullCount).fill(-1);
  const full = numbers.subarray(0, count);
  const clause = numbers.subarray(count, count * (1 + clauseCount));
  const maxima = scratch.clauseMaxima;
  const fullMax = scratch.maxFull > 0 ? scratch.maxFull : Infinity;
  // Each term's postings are walked once, over the candidates in doc order, instead of a binary search per pair.
  const byDoc = numbers.subarray(count * (1 + clauseCount), count * (2 + clauseCount));
  for (let candidate = 0; candidate < count; candidate++) byDoc[candidate] = docs[candidate]! * count + candidate;
  byDoc.sort();
  const docAt = ints.subarray(0, count);
  const candidateAt = ints.subarray(count, 2 * count);
  for (let at = 0; at < count; at++) {
    docAt[at] = Math.floor(byDoc[at]! / count);
    candidateAt[at] = byDoc[at]! - docAt[at]! * count;
  }
  const contribution = numbers.subarray(count * (2 + clauseCount), count * (2 + clauseCount + fullCount)).fill(0);
  for (let index = 0; index < fullCount; index++) {
    const term = terms.full[index]!;
    const weight = termWeight(terms, term) * tables.idf[term]!;
    for (let at = 0, low = postings.termStart[term]!, end = postings.termStart[term + 1]!; at < count && low < end; at++) {
      low = seekPosting(postings.docs, low, end, docAt[at]!);
      if (low < end && postings.docs[low] === docAt[at]) {
        contribution[candidateAt[at]! * fullCount + index] = weight * tables.saturated[low]!;
        termPostings[candidateAt[at]! * fullCount + index] = low;
      }
    }
  }
  // Each clause term's position among the query's (a clause's terms are some of the query's).
  const inFull = ints.subarray(2 * count, 2 * count + clauseEnd);
  for (let at = 0; at < clauseEnd; at++) inFull[at] = terms.full.indexOf(terms.clauseTerms[at]!);
  for (let candidate = 0; candidate < count; candidate++) {
    let sum = 0;
    for (let index = 0; index < fullCount; index++) sum += contribution[candidate * fullCount + index]!;
    full[candidate] = sum / fullMax;
    for (let c = 0; c < clauseCount; c++) {
      let raw = 0;
      for (let at = terms.clauseStart[c]!, end = terms.clauseStart[c + 1]!; at < end; at++) raw += contribution[candidate * fullCount + inFull[at]!]!;
      clause[candidate * clauseCount + c] = raw / maxima[c]!;
    }
  }
  const covered = ints.subarray(2 * count + clauseEnd, 2 * count + clauseEnd + clauseCount).fill(0);
  const taken = ints.subarray(2 * count + clauseEnd + clauseCount, 3 * count + clauseEnd + clauseCount).fill(0);
  // The doc order is read: its buffers take the picks.
  const pickedDocs = docAt.subarray(0, picks);
  const pickedScores = byDoc.subarray(0, picks);
  const rows = candidateAt.subarray(0, picks);
  const clausePart = new Float64Array(picks);
  // Each candidate's selection score and clause part under `covered`, recomputed only when a pick covers a new clause.
  const selection = numbers.subarray(count * (2 + clauseCount + fullCount), count * (3 + clauseCount + fullCount));
  const parts = numbers.subarray(count * (3 + clauseCount + fullCount), count * (4 + clauseCount + fullCount));
  let stale = true;
  for (let pick = 0; pick < pickedDocs.length; pick++) {
    if (stale) {
      for (let candidate = 0; candidate < count; candidate++) {
        let part = 0;
        for (let c = 0; c < clauseCount; c++) {
          const value = clause[candidate * clauseCount + c]! * (covered[c] === 1 ? settings.credit : 1);
          if (value > part) part = value;
        }
        parts[candidate] = settings.clauseWeight * part;
        selection[candidate] = full[candidate]! + settings.clauseWeight * part;
      }
      stale = false;
    }
    let best = -1;
    let bestScore = -Infinity;
    for (let candidate = 0; candidate < count; candidate++) {
      // Candidates come best first, so a strict `>` keeps the fusion order (and its ties) among equals.
      if (taken[candidate] === 0 && selection[candidate]! > bestScore) {
        best = candidate;
        bestScore = selection[candidate]!;
      }
    }
    taken[best] = 1;
    pickedDocs[pick] = docs[best]!;
    pickedScores[pick] = bestScore;
    clausePart[pick] = parts[best]!;
    rows[pick] = best;
    for (let c = 0; c < clauseCount; c++) {
      if (covered[c] === 0 && clause[best * clauseCount + c]! >= settings.threshold) {
        covered[c] = 1;
        stale = true;
      }
    }
  }
  docs.set(pickedDocs);
  scores.set(pickedScores);
  return { clausePart, rows, termPostings };
}
