import type { ScoreExplanation, SearchHit } from '@loadout/core';
import type { ScoreRank } from './score-ranks.js';

/** One ranker's share of a hybrid score: its hit, its rank among the hits the share was computed over, the share and how. */
export interface FusedPart {
  readonly hit: SearchHit;
  readonly rank: ScoreRank;
  /** Which hits `rank` counts: `keyword matches fused`, `static-embedding hits fused`, … */
  readonly among: string;
  /** The weighted share of the score. */
  readonly value: number;
  /** The arithmetic giving `value`, e.g. `0.25 × 0.712`. */
  readonly formula: string;
}

/** Names a hybrid explanation uses. */
export interface HybridLabels {
  readonly lexical: string;
  readonly semantic: string;
  readonly fusion: 'score' | 'rrf';
}

function describe(label: string, part: FusedPart | undefined): string {
  if (part === undefined) return `${label}: not among its hits → 0`;
  const { rank } = part;
  const tied = rank.tied === 0 ? '' : ` (tied with ${rank.tied} other${rank.tied === 1 ? '' : 's'})`;
  return `${label}: score ${part.hit.score.toFixed(6)}, rank ${rank.rank}${tied} of ${rank.of} among the ${part.among} → ${part.formula} = ${part.value.toFixed(4)}`;
}

/** A keyword match's explanation: both shares as components (their sum is `score`), how each was made, then the lexical ranker's notes. */
export function explainKeywordMatch(labels: HybridLabels, lexical: FusedPart, semantic: FusedPart | undefined, score: number): ScoreExplanation {
  const lexicalExplanation = lexical.hit.explanation;
  const semanticValue = semantic?.value ?? 0;
  return {
    matchedTerms: [...new Set([...(lexicalExplanation?.matchedTerms ?? []), ...(semantic?.hit.explanation?.matchedTerms ?? [])])],
    fields: { ...lexicalExplanation?.fields },
    components: { [labels.lexical]: lexical.value, [labels.semantic]: semanticValue },
    notes: [
      `${labels.fusion === 'score' ? 'score' : 'reciprocal-rank'} fusion: ${labels.lexical} ${lexical.value.toFixed(4)} + ${labels.semantic} ${semanticValue.toFixed(4)} = ${score.toFixed(4)}`,
      describe(labels.lexical, lexical),
      describe(labels.semantic, semantic),
      ...(lexicalExplanation?.notes ?? []),
    ],
  };
}

/** The explanation of a tool without a keyword match: its whole score is the semantic share, placed below the weakest keyword match. */
export function explainOther(labels: HybridLabels, semantic: FusedPart, floor: number, keywordMatches: number): ScoreExplanation {
  const place = keywordMatches === 0 ? 'no tool this search fused matched a keyword, so from 1 down' : `below the weakest keyword match's ${floor.toFixed(4)}`;
  return {
    matchedTerms: [...(semantic.hit.explanation?.matchedTerms ?? [])],
    fields: {},
    components: { [labels.lexical]: 0, [labels.semantic]: semantic.value },
    notes: [`no ${labels.lexical} match: ranked after every tool that has one, in ${labels.semantic} order, ${place}`, `${labels.lexical}: not among its hits → 0`, describe(labels.semantic, semantic)],
  };
}
