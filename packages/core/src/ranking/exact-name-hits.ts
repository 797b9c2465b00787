import type { CatalogTool } from '../catalog/tool.js';
import type { SearchHit } from './ranker.js';

/** A tool a query names exactly: the inner ranker's hit, its final score and the bonus added to it. */
export interface ExactNameHit {
  /** The inner ranker's hit, or `{tool, score: 0}` when the inner ranker did not return the tool (it matched nothing). */
  readonly hit: SearchHit;
  /** `hit.score + bonus`. */
  readonly score: number;
  /** What ranking first added: the same for every named tool of the query. */
  readonly bonus: number;
}

/**
 * Scores the tools a query names so they all come before every other hit,
 * keeping the inner ranker's scores: each gets its inner score (0 when the
 * inner ranker did not return it) plus one bonus, `1 + max(0, bestOther −
 * lowestNamed)`, where `bestOther` is the best score among the tools not
 * named (none: the bonus is 1). Tools the inner ranker scored alike stay
 * tied, and the result is sorted by score, the inner order breaking ties.
 * `first` is the inner ranker's answer restricted to the named tools.
 */
export function exactNameHits(first: readonly SearchHit[], named: readonly CatalogTool[], bestOther: number | undefined): ExactNameHit[] {
  const namedSet = new Set(named);
  const hits: SearchHit[] = [];
  const returned = new Set<CatalogTool>();
  for (const hit of first) {
    if (!namedSet.has(hit.tool) || returned.has(hit.tool)) continue;
    hits.push(hit);
    returned.add(hit.tool);
  }
  for (const tool of named) if (!returned.has(tool)) hits.push({ tool, score: 0 });
  if (hits.length === 0) return [];
  let lowest = Infinity;
  for (const hit of hits) lowest = Math.min(lowest, hit.score);
  const bonus = 1 + (bestOther === undefined ? 0 : Math.max(0, bestOther - lowest));
  return hits
    .map((hit, order) => ({ hit, score: hit.score + bonus, bonus, order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ hit, score, bonus: added }) => ({ hit, score, bonus: added }));
}
