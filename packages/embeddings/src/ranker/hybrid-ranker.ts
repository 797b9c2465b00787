import { createLoadoutError, type CatalogTool, type Ranker, type RankerSearchOptions, type SearchHit } from '@loadout/core';
import { integerOption, numberOption } from '@loadout/core/utils';
import { explainKeywordMatch, explainOther } from './hybrid-explanation.js';
import type { FusedPart, HybridLabels } from './hybrid-explanation.js';
import { scoreRanks } from './score-ranks.js';
import type { ScoreRank } from './score-ranks.js';

/** Options of {@link createHybridRanker}. */
export interface HybridRankerOptions {
  /** The keyword ranker (BM25F); it picks the candidates. */
  lexical: Ranker;
  /** The semantic ranker (embeddings); it re-scores the candidates. */
  semantic: Ranker;
  /**
   * Weight of each ranker's normalised score (or reciprocal rank). Each a
   * finite number ≥ 0, not both 0. Default lexical 0.75, semantic 0.25 (best on
   * the dev queries; the static-vector ranker is much weaker alone).
   */
  weights?: { lexical?: number; semantic?: number };
  /**
   * `score`: min-max normalise each ranker's scores over the candidates and add
   * them weighted. `rrf`: reciprocal-rank fusion of each ranker's own top
   * `candidates`, weight / (rrfK + rank). Default `score`.
   */
  fusion?: 'score' | 'rrf';
  /** How many lexical hits (`score`) or hits of each ranker (`rrf`) are fused. Default 100; an integer from 1 to 100. */
  candidates?: number;
  /** The rank offset of reciprocal-rank fusion. Default 60; a finite number ≥ 0. */
  rrfK?: number;
  /** The ranker's name. Default `hybrid`. */
  name?: string;
}

interface Candidate {
  readonly lexical: FusedPart;
  readonly semantic: FusedPart | undefined;
  readonly score: number;
}

function invalid(name: string, value: unknown, range: string): never {
  throw createLoadoutError('invalid-option', `@loadout/embeddings hybrid ranker: ${name} must be ${range}, got ${String(value)}`, { [name]: value });
}

/** The least normalised lexical score of a keyword match, so the weakest match keeps a positive part. */
const KEYWORD_FLOOR = 0.1;

/** Hits best first by score (stable), so each ranker's ranks agree with its scores. */
function byScore(hits: readonly SearchHit[]): SearchHit[] {
  return [...hits].sort((left, right) => right.score - left.score);
}

function minMax(hits: readonly SearchHit[]): (score: number) => number {
  if (hits.length === 0) return () => 0;
  let low = Infinity;
  let high = -Infinity;
  for (const { score } of hits) {
    low = Math.min(low, score);
    high = Math.max(high, score);
  }
  return high > low ? (score) => (score - low) / (high - low) : () => 1;
}

/**
 * Creates a {@link Ranker} that fuses a lexical and a semantic ranker through
 * the `Ranker` contract only. In `score` fusion the semantic ranker re-scores
 * the lexical top `candidates` (through a `filter`), which measured as good as
 * scoring every tool; when the lexical ranker finds fewer hits than `limit`,
 * the semantic ranker's own best other tools fill in. Whatever the catalog's
 * size and the fusion, a keyword match is never dropped: every tool the
 * lexical ranker returned ranks above every tool it did not, and those
 * follow in semantic order with scores below the weakest match. Explanations
 * give each ranker's weighted part under its name (the parts add up to the
 * score; a tool without a keyword match has all of it as the semantic part),
 * the arithmetic of each part, and each ranker's rank among the hits that
 * part was computed over (the keyword matches fused, or the tools without
 * one), ties sharing a rank. They claim no place in the final list: a
 * wrapper such as `withQuerySyntax` may search in several calls and reorder.
 */
export function createHybridRanker(options: HybridRankerOptions): Ranker {
  const { lexical, semantic } = options;
  const lexicalWeight = numberOption('@loadout/embeddings', 'weights.lexical', options.weights?.lexical, 0.75, 0);
  const semanticWeight = numberOption('@loadout/embeddings', 'weights.semantic', options.weights?.semantic, 0.25, 0);
  const fusion = options.fusion ?? 'score';
  const candidates = integerOption('@loadout/embeddings', 'candidates', options.candidates, 100, 1, 100);
  const rrfK = numberOption('@loadout/embeddings', 'rrfK', options.rrfK, 60, 0);
  if (lexicalWeight + semanticWeight === 0) invalid('weights', 'lexical 0 and semantic 0', 'above 0 for at least one of lexical and semantic');
  if (fusion !== 'score' && fusion !== 'rrf') invalid('fusion', fusion, '"score" or "rrf"');
  const lexicalName = lexical.name === semantic.name ? 'lexical' : lexical.name;
  const semanticName = lexical.name === semantic.name ? 'semantic' : semantic.name;

  const labels: HybridLabels = { lexical: lexicalName, semantic: semanticName, fusion };
  /** A ranker's weighted share: reciprocal rank (`rrf`), or its min-max normalised score (`score`; a keyword match keeps at least KEYWORD_FLOOR). */
  const part = (weight: number, hit: SearchHit, rank: ScoreRank, among: string, range: (score: number) => number, keywordFloor: boolean): FusedPart => {
    if (fusion === 'rrf') return { hit, rank, among, value: weight / (rrfK + rank.rank), formula: `${weight} / (${rrfK} + ${rank.rank})` };
    const normalised = range(hit.score);
    if (!keywordFloor) return { hit, rank, among, value: weight * normalised, formula: `${weight} × ${normalised.toFixed(3)}` };
    const value = weight * (KEYWORD_FLOOR + (1 - KEYWORD_FLOOR) * normalised);
    return { hit, rank, among, value, formula: `${weight} × (${KEYWORD_FLOOR} + ${1 - KEYWORD_FLOOR} × ${normalised.toFixed(3)})` };
  };

  const search = async (query: string, searchOptions: RankerSearchOptions = {}): Promise<readonly SearchHit[]> => {
    const limit = integerOption('@loadout/embeddings', 'limit', searchOptions.limit, 5, 1);
    const explain = searchOptions.explain === true;
    const width = Math.max(candidates, Math.min(limit, 100));
    const { filter } = searchOptions;
    const lexicalHits = byScore(await lexical.search(query, { limit: width, explain, ...(filter && { filter }) }));
    const names = new Set(lexicalHits.map((hit) => hit.tool.displayName));
    // The semantic hits each keyword match's share is computed over, and the semantic hits of tools without a keyword match.
    let semanticHits: readonly SearchHit[];
    let others: readonly SearchHit[];
    let semanticAmong: string;
    if (fusion === 'rrf') {
      semanticHits = byScore(await semantic.search(query, { limit: width, explain, ...(filter && { filter }) }));
      others = semanticHits.filter((hit) => !names.has(hit.tool.displayName));
      semanticAmong = `${semanticName} hits fused`;
    } else {
      // `score`: the semantic ranker re-scores the keyword matches (normalised among them); when they are fewer than `limit`, its best other tools fill in.
      semanticHits = names.size === 0 ? [] : byScore(await semantic.search(query, { limit: names.size, explain, filter: (tool) => names.has(tool.displayName) }));
      const fill = lexicalHits.length < limit ? { limit, explain, filter: (tool: CatalogTool) => !names.has(tool.displayName) && (filter === undefined || filter(tool)) } : undefined;
      others = fill === undefined ? [] : byScore(await semantic.search(query, fill));
      semanticAmong = 'keyword matches fused';
    }

    const lexicalRange = minMax(lexicalHits);
    const semanticRange = minMax(semanticHits);
    const lexicalRanks = scoreRanks(lexicalHits);
    const semanticRanks = scoreRanks(semanticHits);
    const semanticByName = new Map(semanticHits.map((hit) => [hit.tool.displayName, hit]));
    const matched: Candidate[] = lexicalHits.map((hit) => {
      const name = hit.tool.displayName;
      const lexicalPart = part(lexicalWeight, hit, lexicalRanks.get(name)!, 'keyword matches fused', lexicalRange, true);
      const semanticHit = semanticByName.get(name);
      const semanticPart = semanticHit === undefined ? undefined : part(semanticWeight, semanticHit, semanticRanks.get(name)!, semanticAmong, semanticRange, false);
      return { lexical: lexicalPart, semantic: semanticPart, score: lexicalPart.value + (semanticPart?.value ?? 0) };
    });
    // Stable: equal scores keep the lexical ranker's order.
    matched.sort((left, right) => right.score - left.score);
    // Every tool without a keyword match follows every tool with one, in semantic order, below the weakest match:
    // floor × (n − rank + 1) / (n + 1), tied semantic scores sharing a rank and so a score.
    const floor = matched.length === 0 ? 1 : Math.max(0, matched[matched.length - 1]!.score);
    const otherRanks = scoreRanks(others);
    const count = others.length;
    const results: SearchHit[] = matched.slice(0, limit).map((candidate) => {
      const { tool } = candidate.lexical.hit;
      return explain ? { tool, score: candidate.score, explanation: explainKeywordMatch(labels, candidate.lexical, candidate.semantic, candidate.score) } : { tool, score: candidate.score };
    });
    for (const hit of others.slice(0, limit - results.length)) {
      const rank = otherRanks.get(hit.tool.displayName)!;
      const score = (floor * (count - rank.rank + 1)) / (count + 1);
      if (!explain) {
        results.push({ tool: hit.tool, score });
        continue;
      }
      const among = `best tools without a ${lexicalName} match`;
      const formula = `${floor.toFixed(4)} × (${count} − ${rank.rank} + 1) / (${count} + 1)`;
      results.push({ tool: hit.tool, score, explanation: explainOther(labels, { hit, rank, among, value: score, formula }, floor, matched.length) });
    }
    return results;
  };

  return {
    specificationVersion: 'v1',
    name: options.name ?? 'hybrid',
    get size() {
      return lexical.size;
    },
    async index(tools) {
      await Promise.all([lexical.index(tools), semantic.index(tools)]);
    },
    async add(tools) {
      await Promise.all([lexical.add(tools), semantic.add(tools)]);
    },
    async remove(displayNames) {
      await Promise.all([lexical.remove(displayNames), semantic.remove(displayNames)]);
    },
    search,
  };
}
