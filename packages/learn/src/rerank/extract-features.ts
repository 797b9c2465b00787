import { FIELD_COUNT } from '@loadout/bm25/first-stage';
import { termWeight } from '@loadout/bm25/first-stage';
import type { QueryTerms } from '@loadout/bm25/first-stage';
import type { FirstStage } from '@loadout/bm25/first-stage';
import type { DocTerms } from './doc-terms.js';
import type { NameTerms } from './name-terms.js';
import { ROW_WIDTH } from './rerank-features.js';

/** Buffers reused by every query's feature extraction. */
export interface FeatureScratch {
  /** Per candidate and query term: the term's BM25F contribution, then its score in each field alone (`1 + FIELD_COUNT` numbers). */
  parts: Float64Array;
  /** Query-term position of each term id (−1: not in the query). */
  position: Int32Array;
  /** Per query term: its idf times its query weight (a prefix-only term counts at the prefix weight, as in the first stage). */
  weight: Float64Array;
  /** Per candidate: the best clause, and per clause its raw score. */
  bestClause: Int32Array;
  clauseScores: Float64Array;
  features: Float64Array;
}

/** Empty buffers; they grow as needed. */
export function createFeatureScratch(): FeatureScratch {
  return {
    parts: new Float64Array(0),
    position: new Int32Array(0),
    weight: new Float64Array(0),
    bestClause: new Int32Array(0),
    clauseScores: new Float64Array(0),
    features: new Float64Array(0),
  };
}

const PART = 1 + FIELD_COUNT;
// Offsets of feature groups (see RERANK_FEATURES).
const FULL_FIELDS = 4;
const COVER = FULL_FIELDS + FIELD_COUNT;
const COVER_FIELDS = COVER + 1;
const CLAUSE = COVER_FIELDS + FIELD_COUNT;
const CLAUSE_FIELDS = CLAUSE + 2;
const CLAUSE_COVER = CLAUSE_FIELDS + FIELD_COUNT;
const NAME = CLAUSE_COVER + 1;
const DESCRIPTION = NAME + 3;
const SAME_SERVER = DESCRIPTION + 2;
const QUERY = SAME_SERVER + 1;

/**
 * Fills `scratch.features` (`count × ROW_WIDTH`, row per candidate; the `VECTOR_FEATURES` left 0) for
 * the first stage's candidates `docs[0 .. count)` with fused scores
 * `firstStage` (best first), reading the BM25F postings directly: one
 * binary search per candidate and query term. Returns the features buffer.
 */
export function extractFeatures(
  index: FirstStage,
  nameTerms: NameTerms,
  docTerms: DocTerms,
  terms: QueryTerms,
  docs: ArrayLike<number>,
  firstStage: ArrayLike<number>,
  count: number,
  scratch: FeatureScratch,
): Float64Array {
  const { postings, tables, tools } = index;
  const { idf, saturated, norm } = tables;
  const k1 = index.settings.k1;
  const termCount = terms.fullCount;
  const full = terms.full;
  if (scratch.parts.length < count * termCount * PART) scratch.parts = new Float64Array(Math.max(count * termCount * PART, scratch.parts.length * 2));
  if (scratch.position.length < postings.termCount) {
    scratch.position = new Int32Array(Math.max(postings.termCount, scratch.position.length * 2)).fill(-1);
  }
  if (scratch.features.length < count * ROW_WIDTH) scratch.features = new Float64Array(Math.max(count * ROW_WIDTH, scratch.features.length * 2));
  if (scratch.weight.length < termCount) scratch.weight = new Float64Array(Math.max(termCount, scratch.weight.length * 2));
  const { parts, position, features, weight: termIdf } = scratch;
  features.fill(0, 0, count * ROW_WIDTH);
  let sumIdf = 0;
  for (let index = 0; index < termCount; index++) {
    const term = full[index]!;
    position[term] = index;
    termIdf[index] = idf[term]! * termWeight(terms, term);
    sumIdf += termIdf[index]!;
  }
  const inverseIdf = sumIdf > 0 ? 1 / sumIdf : 0;

  // Term contributions, full-query features and coverage.
  let bestFull = 0;
  for (let candidate = 0; candidate < count; candidate++) {
    const doc = docs[candidate]!;
    const row = candidate * ROW_WIDTH;
    let raw = 0;
    let covered = 0;
    // A candidate's query terms in one pass over its own terms (the forward index).
    parts.fill(0, candidate * termCount * PART, (candidate + 1) * termCount * PART);
    for (let at = docTerms.start[doc]!, end = docTerms.start[doc + 1]!; at < end; at++) {
      const index = position[docTerms.terms[at]!]!;
      if (index < 0) continue;
      const posting = docTerms.postingOf[at]!;
      const base = (candidate * termCount + index) * PART;
      const weight = termIdf[index]!;
      const value = weight * saturated[posting]!;
      parts[base] = value;
      raw += value;
      covered += weight;
      for (let field = 0; field < FIELD_COUNT; field++) {
        const tf = postings.tfs[posting * FIELD_COUNT + field]!;
        if (tf === 0) continue;
        const pseudo = tf * norm[doc * FIELD_COUNT + field]!;
        const score = pseudo > 0 ? (weight * pseudo * (k1 + 1)) / (pseudo + k1) : 0;
        parts[base + 1 + field] = score;
        features[row + FULL_FIELDS + field]! += score * inverseIdf;
        features[row + COVER_FIELDS + field]! += weight * inverseIdf;
      }
    }
    if (raw > bestFull) bestFull = raw;
    features[row + 2] = raw * inverseIdf;
    features[row + 3] = raw;
    features[row + COVER] = covered * inverseIdf;
  }

  // Clauses: a query of one clause is its own best clause.
  const clauseCount = Math.max(terms.clauseCount, 1);
  if (scratch.clauseScores.length < count * clauseCount) scratch.clauseScores = new Float64Array(Math.max(count * clauseCount, scratch.clauseScores.length * 2));
  if (scratch.bestClause.length < count) scratch.bestClause = new Int32Array(Math.max(count, scratch.bestClause.length * 2));
  const { clauseScores, bestClause } = scratch;
  const clauseStart = (clause: number): number => (terms.clauseCount === 0 ? 0 : terms.clauseStart[clause]!);
  const clauseEnd = (clause: number): number => (terms.clauseCount === 0 ? termCount : terms.clauseStart[clause + 1]!);
  const clauseTerm = (at: number): number => (terms.clauseCount === 0 ? full[at]! : terms.clauseTerms[at]!);
  for (let clause = 0; clause < clauseCount; clause++) {
    let max = 0;
    for (let candidate = 0; candidate < count; candidate++) {
      let sum = 0;
      for (let at = clauseStart(clause), end = clauseEnd(clause); at < end; at++) sum += parts[(candidate * termCount + position[clauseTerm(at)]!) * PART]!;
      clauseScores[candidate * clauseCount + clause] = sum;
      if (sum > max) max = sum;
    }
    const factor = max > 0 ? 1 / max : 0;
    for (let candidate = 0; candidate < count; candidate++) {
      const normalised = clauseScores[candidate * clauseCount + clause]! * factor;
      const row = candidate * ROW_WIDTH;
      if (clause === 0 || normalised > features[row + CLAUSE]!) {
        features[row + CLAUSE] = normalised;
        bestClause[candidate] = clause;
      }
    }
  }
  for (let candidate = 0; candidate < count; candidate++) {
    const row = candidate * ROW_WIDTH;
    const clause = bestClause[candidate]!;
    let clauseIdf = 0;
    let covered = 0;
    for (let at = clauseStart(clause), end = clauseEnd(clause); at < end; at++) {
      const index = position[clauseTerm(at)]!;
      clauseIdf += termIdf[index]!;
      if (parts[(candidate * termCount + index) * PART]! > 0) covered += termIdf[index]!;
    }
    const inverse = clauseIdf > 0 ? 1 / clauseIdf : 0;
    features[row + CLAUSE + 1] = clauseScores[candidate * clauseCount + clause]! * inverse;
    for (let at = clauseStart(clause), end = clauseEnd(clause); at < end; at++) {
      const base = (candidate * termCount + position[clauseTerm(at)]!) * PART;
      for (let field = 0; field < FIELD_COUNT; field++) features[row + CLAUSE_FIELDS + field]! += parts[base + 1 + field]! * inverse;
    }
    features[row + CLAUSE_COVER] = covered * inverse;
  }

  // Names, descriptions, servers, list and query features.
  const top = firstStage[0] ?? 0;
  const topTen = Math.min(count, 10);
  for (let candidate = 0; candidate < count; candidate++) {
    const doc = docs[candidate]!;
    const row = candidate * ROW_WIDTH;
    features[row] = top > 0 ? firstStage[candidate]! / top : 0;
    features[row + 1] = 1 / (1 + candidate);
    features[row + 3] = bestFull > 0 ? features[row + 3]! / bestFull : 0;
    const from = nameTerms.start[doc]!;
    const to = nameTerms.start[doc + 1]!;
    let matched = 0;
    let words = 0;
    let matchedWords = 0;
    for (let at = from; at < to; at++) {
      const hit = position[nameTerms.terms[at]!]! >= 0 ? 1 : 0;
      matched += hit;
      words += nameTerms.word[at]!;
      matchedWords += hit & nameTerms.word[at]!;
    }
    features[row + NAME] = words > 0 ? matchedWords / words : 0;
    features[row + NAME + 1] = words > 0 && matchedWords === words ? 1 : 0;
    features[row + NAME + 2] = Math.log1p(matched);
    const descriptionLength = postings.fieldLengths[doc * FIELD_COUNT + 1]!;
    features[row + DESCRIPTION] = Math.log1p(descriptionLength);
    features[row + DESCRIPTION + 1] = descriptionLength === 0 ? 1 : 0;
    const server = tools[doc]!.server;
    let same = 0;
    if (server !== null) {
      for (let other = 0; other < topTen; other++) if (other !== candidate && tools[docs[other]!]!.server === server) same++;
    }
    features[row + SAME_SERVER] = topTen > 1 ? same / (topTen - 1) : 0;
    features[row + QUERY] = Math.log1p(termCount);
    features[row + QUERY + 1] = Math.log1p(terms.clauseCount);
  }
  for (let index = 0; index < termCount; index++) position[full[index]!] = -1;
  return features;
}
