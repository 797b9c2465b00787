import type { ScoreExplanation } from '@loadout/core';
import { TOOL_FIELDS } from '../analyzer/tool-fields.js';
import type { Dictionary } from './dictionary.js';
import { bestClauseOf } from './evaluate-query.js';
import type { QueryContext } from './evaluate-query.js';
import { findPosting } from './find-posting.js';
import { FIELD_COUNT } from './postings.js';

/**
 * Explains one document's score. A term's BM25F contribution is split among
 * fields in proportion to each field's share of the pseudo-frequency (BM25F
 * saturates the sum, so per-field parts are an attribution, not separate
 * scores); `fields` sums to the raw full-query score. Of the terms
 * `isCompletion` names (the last word's completions, one query word) only
 * the one contributing most counts, and none when the document matches
 * `completedTerm` (the word as typed); every matched one is in `matchedTerms`.
 */
export function explainHit(
  context: QueryContext,
  dictionary: Dictionary,
  fullTerms: ArrayLike<number>,
  clauses: readonly string[] | undefined,
  clauseWeight: number,
  doc: number,
  weightOf: (term: number) => number = () => 1,
  isCompletion: (term: number) => boolean = () => false,
  completedTerm = -1,
): ScoreExplanation {
  const { postings, tables, scratch } = context;
  const fields = new Float64Array(FIELD_COUNT);
  const matchedTerms: string[] = [];
  let bestCompletion = -1;
  let bestContribution = completedTerm >= 0 && findPosting(postings, completedTerm, doc) >= 0 ? Infinity : 0;
  for (let index = 0; index < fullTerms.length; index++) {
    const term = fullTerms[index]!;
    if (!isCompletion(term)) continue;
    const posting = findPosting(postings, term, doc);
    const contribution = posting < 0 ? 0 : weightOf(term) * tables.idf[term]! * tables.saturated[posting]!;
    if (contribution > bestContribution) {
      bestContribution = contribution;
      bestCompletion = term;
    }
  }
  for (let index = 0; index < fullTerms.length; index++) {
    const term = fullTerms[index]!;
    const posting = findPosting(postings, term, doc);
    if (posting < 0) continue;
    matchedTerms.push(dictionary.terms[term]!);
    if (term !== bestCompletion && isCompletion(term)) continue;
    const contribution = weightOf(term) * tables.idf[term]! * tables.saturated[posting]!;
    let pseudo = 0;
    for (let field = 0; field < FIELD_COUNT; field++) {
      pseudo += postings.tfs[posting * FIELD_COUNT + field]! * tables.norm[doc * FIELD_COUNT + field]!;
    }
    if (pseudo <= 0) continue;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const share = (postings.tfs[posting * FIELD_COUNT + field]! * tables.norm[doc * FIELD_COUNT + field]!) / pseudo;
      fields[field] = fields[field]! + contribution * share;
    }
  }
  const fieldRecord: Record<string, number> = {};
  TOOL_FIELDS.forEach((name, field) => {
    if (fields[field]! > 0) fieldRecord[name] = fields[field]!;
  });
  const raw = scratch.rows[doc * scratch.stride]!;
  if (clauses === undefined) {
    return { matchedTerms, fields: fieldRecord, components: { bm25f: raw }, notes: [] };
  }
  const best = bestClauseOf(scratch, doc);
  const clauseScore = clauseWeight * best.value;
  const fused = raw / scratch.fullMax + clauseScore;
  const notes = best.clause >= 0 ? [`best clause ${JSON.stringify(clauses[best.clause])}`] : [];
  return {
    matchedTerms,
    fields: fieldRecord,
    components: { bm25f: fused - clauseScore, clause: clauseScore },
    notes,
  };
}
