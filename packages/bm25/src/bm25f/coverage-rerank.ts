import type { QueryContext } from './evaluate-query.js';
import { findPosting } from './find-posting.js';

/** Settings of {@link coverageRerank}. */
export interface CoverageSettings {
  /** λ: weight of term coverage against the prior (the ranker's score). 0–1. */
  readonly weight: number;
  /** Added for sharing a server with a tool already picked. ≥ 0. */
  readonly serverBonus: number;
}

/** The picked documents, best first, with their selection scores (non-increasing). */
export interface CoverageResult {
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  /** Per pick: the coverage and server-bonus parts of its score. */
  readonly coverage: Float64Array;
  readonly bonus: Float64Array;
}

/**
 * xQuAD-style greedy selection over candidates: each query term is an
 * aspect, weighted by its IDF share; a candidate's worth is
 * `(1 − λ) · prior + λ · Σ_a P(a) · P(d|a) · Π_{picked s} (1 − P(s|a)) + bonus`,
 * where the prior is its score over the best candidate's and `P(d|a)` its
 * BM25F contribution for term `a` over the best candidate's. So each pick
 * favours query needs the picks so far left uncovered.
 */
export function coverageRerank(
  context: QueryContext,
  terms: ArrayLike<number>,
  candidates: Int32Array,
  priors: Float64Array,
  count: number,
  limit: number,
  settings: CoverageSettings,
): CoverageResult {
  const { postings, tables, tools } = context;
  const termCount = terms.length;
  const contribution = new Float64Array(count * termCount);
  const termMax = new Float64Array(termCount);
  let idfSum = 0;
  for (let t = 0; t < termCount; t++) idfSum += tables.idf[terms[t]!]!;
  for (let i = 0; i < count; i++) {
    const doc = candidates[i]!;
    for (let t = 0; t < termCount; t++) {
      const term = terms[t]!;
      const posting = findPosting(postings, term, doc);
      if (posting < 0) continue;
      const value = tables.idf[term]! * tables.saturated[posting]!;
      contribution[i * termCount + t] = value;
      if (value > termMax[t]!) termMax[t] = value;
    }
  }
  for (let i = 0; i < contribution.length; i++) {
    const max = termMax[i % termCount]!;
    contribution[i] = max > 0 ? contribution[i]! / max : 0;
  }
  const aspectWeight = new Float64Array(termCount);
  for (let t = 0; t < termCount; t++) aspectWeight[t] = idfSum > 0 ? tables.idf[terms[t]!]! / idfSum : 0;
  const uncovered = new Float64Array(termCount).fill(1);
  const priorMax = count > 0 ? priors[0]! : 0;
  const picked = new Uint8Array(count);
  const servers = new Set<string>();
  const picks = Math.min(limit, count);
  const result: CoverageResult = {
    docs: new Int32Array(picks),
    scores: new Float64Array(picks),
    coverage: new Float64Array(picks),
    bonus: new Float64Array(picks),
  };
  let previous = Number.POSITIVE_INFINITY;
  for (let pick = 0; pick < picks; pick++) {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    let bestCoverage = 0;
    let bestBonus = 0;
    for (let i = 0; i < count; i++) {
      if (picked[i] === 1) continue;
      let coverage = 0;
      for (let t = 0; t < termCount; t++) coverage += aspectWeight[t]! * contribution[i * termCount + t]! * uncovered[t]!;
      const server = tools[candidates[i]!]!.server;
      const bonus = server !== null && servers.has(server) ? settings.serverBonus : 0;
      const prior = priorMax > 0 ? priors[i]! / priorMax : 0;
      const value = (1 - settings.weight) * prior + settings.weight * coverage + bonus;
      if (value > bestValue) {
        best = i;
        bestValue = value;
        bestCoverage = settings.weight * coverage;
        bestBonus = bonus;
      }
    }
    picked[best] = 1;
    for (let t = 0; t < termCount; t++) uncovered[t] = uncovered[t]! * (1 - contribution[best * termCount + t]!);
    const server = tools[candidates[best]!]!.server;
    if (server !== null) servers.add(server);
    previous = Math.min(previous, bestValue);
    result.docs[pick] = candidates[best]!;
    result.scores[pick] = previous;
    result.coverage[pick] = bestCoverage;
    result.bonus[pick] = bestBonus;
  }
  return result;
}
