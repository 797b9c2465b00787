import { createLoadoutError, type Ranker, type RankerSearchOptions, type ScoreExplanation, type SearchHit } from '@loadout/core';
import { resolveLimit } from './validate-limit.js';

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
  readonly hit: SearchHit;
  lexical?: SearchHit;
  semantic?: SearchHit;
  lexicalRank: number;
  semanticRank: number;
  lexicalPart: number;
  semanticPart: number;
}

function invalid(name: string, value: unknown, range: string): never {
  throw createLoadoutError('invalid-option', `@loadout/embeddings: ${name} must be ${range}, got ${String(value)}`, { [name]: value });
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
 * list each ranker's weighted part under its name, the fused rank, and each
 * ranker's own rank, counted in the order of its scores.
 */
export function createHybridRanker(options: HybridRankerOptions): Ranker {
  const { lexical, semantic } = options;
  const lexicalWeight = options.weights?.lexical ?? 0.75;
  const semanticWeight = options.weights?.semantic ?? 0.25;
  const fusion = options.fusion ?? 'score';
  const candidates = options.candidates ?? 100;
  const rrfK = options.rrfK ?? 60;
  for (const [name, weight] of [['weights.lexical', lexicalWeight], ['weights.semantic', semanticWeight]] as const) {
    if (!Number.isFinite(weight) || weight < 0) invalid(name, weight, 'a finite number ≥ 0');
  }
  if (lexicalWeight + semanticWeight === 0) invalid('weights', '0 and 0', 'not both 0');
  if (fusion !== 'score' && fusion !== 'rrf') invalid('fusion', fusion, '"score" or "rrf"');
  if (!Number.isInteger(candidates) || candidates < 1 || candidates > 100) invalid('candidates', candidates, 'an integer from 1 to 100');
  if (!Number.isFinite(rrfK) || rrfK < 0) invalid('rrfK', rrfK, 'a finite number ≥ 0');
  const lexicalName = lexical.name === semantic.name ? 'lexical' : lexical.name;
  const semanticName = lexical.name === semantic.name ? 'semantic' : semantic.name;

  const explanation = (candidate: Candidate, rank: number): ScoreExplanation => {
    const lexicalExplanation = candidate.lexical?.explanation;
    const semanticExplanation = candidate.semantic?.explanation;
    const describe = (label: string, hit: SearchHit | undefined, own: number, part: number) =>
      hit === undefined ? `${label}: not among its hits` : `${label}: score ${hit.score.toFixed(4)}, its rank ${own + 1}, weighted part ${part.toFixed(4)}`;
    return {
      matchedTerms: [...new Set([...(lexicalExplanation?.matchedTerms ?? []), ...(semanticExplanation?.matchedTerms ?? [])])],
      fields: { ...lexicalExplanation?.fields },
      components: { [lexicalName]: candidate.lexicalPart, [semanticName]: candidate.semanticPart },
      notes: [
        `${fusion === 'score' ? 'score' : 'reciprocal-rank'} fusion, rank ${rank + 1}`,
        ...(candidate.lexical === undefined ? [`no ${lexicalName} match: ranked after every tool that has one`] : []),
        describe(lexicalName, candidate.lexical, candidate.lexicalRank, candidate.lexicalPart),
        describe(semanticName, candidate.semantic, candidate.semanticRank, candidate.semanticPart),
        ...(lexicalExplanation?.notes ?? []),
      ],
    };
  };

  const search = async (query: string, searchOptions: RankerSearchOptions = {}): Promise<readonly SearchHit[]> => {
    const limit = resolveLimit(searchOptions.limit);
    const explain = searchOptions.explain === true;
    const width = Math.max(candidates, Math.min(limit, 100));
    const { filter } = searchOptions;
    const lexicalHits = byScore(await lexical.search(query, { limit: width, explain, ...(filter && { filter }) }));
    // `score`: the semantic ranker re-scores the keyword matches (normalised among them); when they are fewer than `limit`, its best other tools fill in.
    let semanticHits: readonly SearchHit[];
    let semanticNormal: (score: number) => number = () => 0;
    if (fusion === 'rrf') {
      semanticHits = byScore(await semantic.search(query, { limit: width, explain, ...(filter && { filter }) }));
    } else {
      const names = new Set(lexicalHits.map((hit) => hit.tool.displayName));
      const rescored = names.size === 0 ? [] : await semantic.search(query, { limit: names.size, explain, filter: (tool) => names.has(tool.displayName) });
      const fill = lexicalHits.length < limit ? await semantic.search(query, { limit, explain, filter: (tool) => !names.has(tool.displayName) && (filter === undefined || filter(tool)) }) : [];
      semanticNormal = minMax(rescored);
      semanticHits = byScore([...rescored, ...fill]);
    }

    const byName = new Map<string, Candidate>();
    const candidateOf = (hit: SearchHit): Candidate => {
      let candidate = byName.get(hit.tool.displayName);
      if (candidate === undefined) {
        candidate = { hit, lexicalRank: Infinity, semanticRank: Infinity, lexicalPart: 0, semanticPart: 0 };
        byName.set(hit.tool.displayName, candidate);
      }
      return candidate;
    };
    // A keyword match keeps a part of at least KEYWORD_FLOOR of its weight: min-max alone gave the weakest match 0.
    const lexicalRange = minMax(lexicalHits);
    const lexicalNormal = (score: number): number => KEYWORD_FLOOR + (1 - KEYWORD_FLOOR) * lexicalRange(score);
    lexicalHits.forEach((hit, rank) => {
      const candidate = candidateOf(hit);
      candidate.lexical = hit;
      candidate.lexicalRank = rank;
      candidate.lexicalPart = lexicalWeight * (fusion === 'score' ? lexicalNormal(hit.score) : 1 / (rrfK + rank + 1));
    });
    semanticHits.forEach((hit, rank) => {
      const candidate = candidateOf(hit);
      candidate.semantic = hit;
      candidate.semanticRank = rank;
      if (fusion === 'rrf') candidate.semanticPart = semanticWeight / (rrfK + rank + 1);
      else if (candidate.lexical !== undefined) candidate.semanticPart = semanticWeight * semanticNormal(hit.score);
    });
    const total = (candidate: Candidate): number => candidate.lexicalPart + candidate.semanticPart;
    const order = (left: Candidate, right: Candidate): number => total(right) - total(left) || left.lexicalRank - right.lexicalRank || left.semanticRank - right.semanticRank;
    // Every tool with a keyword match ranks above every tool without one, whatever the catalog's size.
    const matched = [...byName.values()].filter((candidate) => candidate.lexical !== undefined).sort(order);
    const unmatched = [...byName.values()].filter((candidate) => candidate.lexical === undefined).sort((left, right) => left.semanticRank - right.semanticRank);
    const floor = matched.length === 0 ? 1 : Math.max(0, total(matched[matched.length - 1]!));
    const ranked = [...matched, ...unmatched].slice(0, limit);
    return ranked.map((candidate, rank) => {
      // Below the weakest keyword match, in semantic order: scores still fall with the rank.
      const score = candidate.lexical !== undefined ? total(candidate) : (floor * (unmatched.length - (rank - matched.length))) / (unmatched.length + 1);
      return explain ? { tool: candidate.hit.tool, score, explanation: explanation(candidate, rank) } : { tool: candidate.hit.tool, score };
    });
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
