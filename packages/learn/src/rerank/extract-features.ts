import { TOOL_FIELDS } from '@loadout/bm25';
import type { FirstStageCandidates } from '@loadout/bm25/first-stage';
import { ROW_WIDTH } from './rerank-features.js';

const FIELD_COUNT = TOOL_FIELDS.length;
const DESCRIPTION_FIELD = TOOL_FIELDS.indexOf('description');
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
 * The feature rows (`count × ROW_WIDTH`, row per candidate; the
 * `VECTOR_FEATURES` left 0) of the first stage's candidates, from their
 * field scores: written over the start of `rows` when it holds them (a
 * buffer reused across queries), else into a new array.
 */
export function extractFeatures(found: FirstStageCandidates, rows?: Float64Array): Float64Array {
  const { count, termCount, termWeights, termScores, termFields, clauseStart, clauseTerms } = found;
  const firstStage = found.scores;
  const features = rows !== undefined && rows.length >= count * ROW_WIDTH ? rows.fill(0, 0, count * ROW_WIDTH) : new Float64Array(count * ROW_WIDTH);
  let sumIdf = 0;
  for (let term = 0; term < termCount; term++) sumIdf += termWeights[term]!;
  const inverseIdf = sumIdf > 0 ? 1 / sumIdf : 0;

  // Full-query features and coverage, each candidate's terms summed in index order.
  let bestFull = 0;
  for (let candidate = 0; candidate < count; candidate++) {
    const row = candidate * ROW_WIDTH;
    let raw = 0;
    let covered = 0;
    for (let at = 0; at < termCount; at++) {
      const term = found.termsInIndexOrder[at]!;
      const fields = termFields[candidate * termCount + term]!;
      if (fields === 0) continue;
      const base = (candidate * termCount + term) * PART;
      const weight = termWeights[term]!;
      raw += termScores[base]!;
      covered += weight;
      for (let field = 0; field < FIELD_COUNT; field++) {
        if ((fields & (1 << field)) === 0) continue;
        features[row + FULL_FIELDS + field]! += termScores[base + 1 + field]! * inverseIdf;
        features[row + COVER_FIELDS + field]! += weight * inverseIdf;
      }
    }
    if (raw > bestFull) bestFull = raw;
    features[row + 2] = raw * inverseIdf;
    features[row + 3] = raw;
    features[row + COVER] = covered * inverseIdf;
  }

  // Clauses: a query of one clause is its own best clause.
  const clauseCount = Math.max(found.clauseCount, 1);
  const clauseScores = new Float64Array(count * clauseCount);
  const bestClause = new Int32Array(count);
  for (let clause = 0; clause < clauseCount; clause++) {
    let max = 0;
    for (let candidate = 0; candidate < count; candidate++) {
      let sum = 0;
      for (let at = clauseStart[clause]!, end = clauseStart[clause + 1]!; at < end; at++) {
        const slot = candidate * termCount + clauseTerms[at]!;
        if (termFields[slot] !== 0) sum += termScores[slot * PART]!;
      }
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
    for (let at = clauseStart[clause]!, end = clauseStart[clause + 1]!; at < end; at++) clauseIdf += termWeights[clauseTerms[at]!]!;
    const inverse = clauseIdf > 0 ? 1 / clauseIdf : 0;
    features[row + CLAUSE + 1] = clauseScores[candidate * clauseCount + clause]! * inverse;
    let covered = 0;
    for (let at = clauseStart[clause]!, end = clauseStart[clause + 1]!; at < end; at++) {
      const slot = candidate * termCount + clauseTerms[at]!;
      const fields = termFields[slot]!;
      if (fields === 0) continue;
      if (termScores[slot * PART]! > 0) covered += termWeights[clauseTerms[at]!]!;
      for (let field = 0; field < FIELD_COUNT; field++) if ((fields & (1 << field)) !== 0) features[row + CLAUSE_FIELDS + field]! += termScores[slot * PART + 1 + field]! * inverse;
    }
    features[row + CLAUSE_COVER] = covered * inverse;
  }

  // Names, descriptions, servers, list and query features.
  const top = firstStage[0] ?? 0;
  const topTen = Math.min(count, 10);
  for (let candidate = 0; candidate < count; candidate++) {
    const row = candidate * ROW_WIDTH;
    features[row] = top > 0 ? firstStage[candidate]! / top : 0;
    features[row + 1] = 1 / (1 + candidate);
    features[row + 3] = bestFull > 0 ? features[row + 3]! / bestFull : 0;
    const words = found.nameWords[candidate]!;
    features[row + NAME] = words > 0 ? found.nameWordsMatched[candidate]! / words : 0;
    features[row + NAME + 1] = words > 0 && found.nameWordsMatched[candidate] === words ? 1 : 0;
    features[row + NAME + 2] = Math.log1p(found.nameTermsMatched[candidate]!);
    const descriptionLength = found.fieldLengths[candidate * FIELD_COUNT + DESCRIPTION_FIELD]!;
    features[row + DESCRIPTION] = Math.log1p(descriptionLength);
    features[row + DESCRIPTION + 1] = descriptionLength === 0 ? 1 : 0;
    const server = found.servers[candidate]!;
    let same = 0;
    if (server >= 0) {
      for (let other = 0; other < topTen; other++) if (other !== candidate && found.servers[other] === server) same++;
    }
    features[row + SAME_SERVER] = topTen > 1 ? same / (topTen - 1) : 0;
    features[row + QUERY] = Math.log1p(termCount);
    features[row + QUERY + 1] = Math.log1p(found.clauseCount);
  }
  return features;
}
