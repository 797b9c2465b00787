import type { CatalogTool } from '@loadout/core';

/** The five tool fields a variant indexes, in this order. */
export const VARIANT_FIELDS = ['name', 'description', 'parameterNames', 'parameterDescriptions', 'server'] as const;
const FIELD_COUNT = VARIANT_FIELDS.length;

/** How a variant turns tools and queries into tokens (index time). */
export interface VariantAnalysis {
  /** The tokens of each field of a tool, in {@link VARIANT_FIELDS} order. */
  readonly documentTokens: (tool: CatalogTool) => readonly (readonly string[])[];
  /** The tokens of a query or clause. */
  readonly queryTokens: (text: string) => readonly string[];
}

/** How a variant scores (query time). */
export interface VariantScoring {
  readonly weights: readonly number[];
  readonly b: readonly number[];
  readonly k1: number;
  /** `plus1`: ln(1 + (N − df + ½)/(df + ½)); `classic`: max(0, ln((N − df + ½)/(df + ½))); `plain`: ln(N/df). */
  readonly idf: 'plus1' | 'classic' | 'plain';
  /** `bm25f`: one saturation over weighted frequencies; `per-field`: Σ_f w_f · BM25 of the field. */
  readonly saturation: 'bm25f' | 'per-field';
  /** Average field length over every tool (`all`) or only tools where the field is non-empty (`nonEmpty`). */
  readonly average: 'all' | 'nonEmpty';
  /** Count a term repeated in the query once (`true`) or as often as it occurs. */
  readonly dedupQuery: boolean;
  /** Splits a query into clauses; fusion applies when ≥ 2 clauses have terms. */
  readonly clauses: (text: string) => readonly string[];
  readonly lambda: number;
  /** Normalise each clause by its own maximum (`clause`) or by the full query's (`full`). */
  readonly clauseNorm: 'clause' | 'full';
  /** Combine a tool's normalised clause scores by their maximum or their sum. */
  readonly clauseCombine: 'max' | 'sum';
  /** Clauses with fewer distinct known terms are ignored. */
  readonly clauseMinTerms: number;
  /**
   * Prefix expansion: a query term also matches index terms that are its prefix of at least
   * `minLength` characters (`information` → `info`), at `weight` × their idf; `nameOnly` takes
   * only prefixes that occur in some tool name. Default: none.
   */
  readonly expand?: {
    readonly minLength: number;
    readonly weight: number;
    readonly nameOnly: boolean;
    readonly maxShorter?: number;
    /** Also (or only) index terms that extend the query term by 1 to `longer` characters, at `longerWeight`. */
    readonly longer?: number;
    readonly longerWeight?: number;
    readonly shorter?: boolean;
    /** Only the longest prefix of each term that is an index term. */
    readonly longestOnly?: boolean;
    /** Also expand query words the index does not know. */
    readonly unknown?: boolean;
    /** Skip prefixes that are query stopwords (`with` of `without`). */
    readonly noStopwords?: boolean;
  };
  /**
   * Clause coverage: pick results greedily from the best `candidates`; a clause counts as covered once a
   * picked tool scores ≥ `threshold` of its maximum on it, and later tools' credit for a covered clause is
   * multiplied by `discount`. Default: none.
   */
  readonly clauseCover?: { readonly discount: number; readonly threshold: number; readonly candidates: number };
}

interface Posting {
  readonly doc: number;
  readonly tfs: Float64Array;
}

/** An index built once per analysis; scoring variants reuse it. */
export interface VariantIndex {
  readonly tools: readonly CatalogTool[];
  readonly analysis: VariantAnalysis;
  readonly postings: Map<string, Posting[]>;
  /** lengths[doc * FIELD_COUNT + field] */
  readonly lengths: Float64Array;
}

/** Builds the reference index: plain maps, no typed-array tricks (slow, easy to vary). */
export function buildVariantIndex(tools: readonly CatalogTool[], analysis: VariantAnalysis): VariantIndex {
  const postings = new Map<string, Posting[]>();
  const lengths = new Float64Array(tools.length * FIELD_COUNT);
  tools.forEach((tool, doc) => {
    const fields = analysis.documentTokens(tool);
    const local = new Map<string, Float64Array>();
    fields.forEach((tokens, field) => {
      lengths[doc * FIELD_COUNT + field] = tokens.length;
      for (const token of tokens) {
        let tfs = local.get(token);
        if (tfs === undefined) local.set(token, (tfs = new Float64Array(FIELD_COUNT)));
        tfs[field]! += 1;
      }
    });
    for (const [term, tfs] of local) {
      let list = postings.get(term);
      if (list === undefined) postings.set(term, (list = []));
      list.push({ doc, tfs });
    }
  });
  return { tools, analysis, postings, lengths };
}

/** Scores one bag of terms into `out` (zeroed first); returns the maximum. */
function scoreTerms(index: VariantIndex, scoring: VariantScoring, averages: Float64Array, terms: readonly string[], out: Float64Array, raw: readonly string[] = terms): number {
  out.fill(0);
  const docCount = index.tools.length;
  const { k1, weights, b } = scoring;
  const weighted: [string, number][] = terms.map((term) => [term, 1]);
  if (scoring.expand !== undefined) {
    const { minLength, weight, nameOnly, maxShorter } = scoring.expand;
    const present = new Set(terms);
    const longer = scoring.expand.longer ?? 0;
    if (longer > 0) {
      const sorted = (index as { sorted?: string[] }).sorted ?? ((index as { sorted?: string[] }).sorted = [...index.postings.keys()].sort());
      for (const term of terms) {
        if (term.length < minLength) continue;
        let lo = 0;
        let hi = sorted.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (sorted[mid]! < term) lo = mid + 1;
          else hi = mid;
        }
        for (let at = lo; at < sorted.length && sorted[at]!.startsWith(term); at++) {
          const other = sorted[at]!;
          if (other === term || other.length > term.length + longer || present.has(other)) continue;
          present.add(other);
          weighted.push([other, scoring.expand.longerWeight ?? weight]);
        }
      }
    }
    for (const term of scoring.expand.shorter === false ? [] : scoring.expand.unknown === true ? [...new Set(raw)] : terms) {
      const from = Math.max(minLength, maxShorter === undefined ? minLength : term.length - maxShorter);
      for (let length = term.length - 1; length >= from; length--) {
        const prefix = term.slice(0, length);
        const list = index.postings.get(prefix);
        if (list === undefined || (nameOnly && !list.some((posting) => posting.tfs[0]! > 0))) continue;
        if (scoring.expand.noStopwords === true && index.analysis.queryTokens(prefix).length === 0) continue;
        if (!present.has(prefix)) {
          present.add(prefix);
          weighted.push([prefix, weight]);
        }
        if (scoring.expand.longestOnly === true) break;
      }
    }
  }
  for (const [term, termWeight] of weighted) {
    const list = index.postings.get(term);
    if (list === undefined) continue;
    const df = list.length;
    const idf =
      scoring.idf === 'plus1'
        ? Math.log(1 + (docCount - df + 0.5) / (df + 0.5))
        : scoring.idf === 'classic'
          ? Math.max(0, Math.log((docCount - df + 0.5) / (df + 0.5)))
          : Math.log(docCount / df);
    for (const { doc, tfs } of list) {
      let value = 0;
      if (scoring.saturation === 'bm25f') {
        let pseudo = 0;
        for (let field = 0; field < FIELD_COUNT; field++) {
          const tf = tfs[field]!;
          if (tf === 0) continue;
          const avg = averages[field]!;
          const norm = avg > 0 ? 1 - b[field]! + (b[field]! * index.lengths[doc * FIELD_COUNT + field]!) / avg : 1;
          pseudo += (weights[field]! * tf) / norm;
        }
        value = (pseudo * (k1 + 1)) / (pseudo + k1);
      } else {
        for (let field = 0; field < FIELD_COUNT; field++) {
          const tf = tfs[field]!;
          if (tf === 0) continue;
          const avg = averages[field]!;
          const norm = avg > 0 ? 1 - b[field]! + (b[field]! * index.lengths[doc * FIELD_COUNT + field]!) / avg : 1;
          value += (weights[field]! * tf * (k1 + 1)) / (tf + k1 * norm);
        }
      }
      out[doc]! += termWeight * idf * value;
    }
  }
  let max = 0;
  for (let doc = 0; doc < docCount; doc++) if (out[doc]! > max) max = out[doc]!;
  return max;
}

function averagesOf(index: VariantIndex, mode: VariantScoring['average']): Float64Array {
  const sums = new Float64Array(FIELD_COUNT);
  const counts = new Float64Array(FIELD_COUNT);
  for (let doc = 0; doc < index.tools.length; doc++) {
    for (let field = 0; field < FIELD_COUNT; field++) {
      const length = index.lengths[doc * FIELD_COUNT + field]!;
      sums[field]! += length;
      if (mode === 'all' || length > 0) counts[field]! += 1;
    }
  }
  return sums.map((sum, field) => (counts[field]! > 0 ? sum / counts[field]! : 0));
}

const distinct = (tokens: readonly string[]): string[] => [...new Set(tokens)];

/** A query ranker over a variant index and scoring (top `limit` tool names, ties in tool order). */
export function createVariantSearch(index: VariantIndex, scoring: VariantScoring): (query: string, limit: number) => string[] {
  const averages = averagesOf(index, scoring.average);
  const docCount = index.tools.length;
  const full = new Float64Array(docCount);
  const clause = new Float64Array(docCount);
  const best = new Float64Array(docCount);
  const known = (tokens: readonly string[]): string[] => {
    const kept = tokens.filter((token) => index.postings.has(token));
    return scoring.dedupQuery ? distinct(kept) : kept;
  };
  return (query, limit) => {
    const rawFull = index.analysis.queryTokens(query);
    const terms = known(rawFull);
    if (terms.length === 0 && scoring.expand?.unknown !== true) return [];
    const maxFull = scoreTerms(index, scoring, averages, terms, full, rawFull);
    if (maxFull <= 0) return [];
    const scores = new Float64Array(docCount);
    for (let doc = 0; doc < docCount; doc++) scores[doc] = maxFull > 0 ? full[doc]! / maxFull : 0;
    const clauseRaw = distinct(terms).length >= 2 ? scoring.clauses(query).map((text) => index.analysis.queryTokens(text)) : [];
    const pairs = clauseRaw.map((list) => [known(list), list] as const).filter(([list]) => list.length > 0 && distinct(list).length >= scoring.clauseMinTerms);
    const clauseTerms = pairs.map(([list]) => list);
    const rawOf = new Map(pairs);
    const normalisedClauses: Float64Array[] = [];
    if (clauseTerms.length >= 2 && scoring.lambda > 0) {
      best.fill(0);
      for (const list of clauseTerms) {
        const maxClause = scoreTerms(index, scoring, averages, list, clause, rawOf.get(list));
        const divisor = scoring.clauseNorm === 'clause' ? maxClause : maxFull;
        if (divisor <= 0) continue;
        const normalised = new Float64Array(docCount);
        for (let doc = 0; doc < docCount; doc++) {
          const value = clause[doc]! / divisor;
          normalised[doc] = value;
          if (scoring.clauseCombine === 'sum') best[doc]! += value;
          else if (value > best[doc]!) best[doc] = value;
        }
        normalisedClauses.push(normalised);
      }
      for (let doc = 0; doc < docCount; doc++) scores[doc]! += scoring.lambda * best[doc]!;
    }
    const cover = scoring.clauseCover;
    if (cover !== undefined && normalisedClauses.length >= 2) {
      const pool: number[] = [];
      for (let doc = 0; doc < docCount; doc++) if (scores[doc]! > 0) pool.push(doc);
      pool.sort((a, b) => scores[b]! - scores[a]! || a - b);
      pool.length = Math.min(pool.length, cover.candidates);
      const covered = new Array<boolean>(normalisedClauses.length).fill(false);
      const picked: number[] = [];
      const left = new Set(pool);
      while (picked.length < limit && left.size > 0) {
        let bestDoc = -1;
        let bestScore = -Infinity;
        for (const doc of pool) {
          if (!left.has(doc)) continue;
          let clausePart = 0;
          normalisedClauses.forEach((values, c) => {
            const value = values[doc]! * (covered[c] ? cover.discount : 1);
            if (value > clausePart) clausePart = value;
          });
          const score = full[doc]! / maxFull + scoring.lambda * clausePart;
          if (score > bestScore) {
            bestScore = score;
            bestDoc = doc;
          }
        }
        left.delete(bestDoc);
        picked.push(bestDoc);
        normalisedClauses.forEach((values, c) => {
          if (values[bestDoc]! >= cover.threshold) covered[c] = true;
        });
      }
      return picked.map((doc) => index.tools[doc]!.name);
    }
    // Top `limit` by insertion (ties keep tool order: a later tool needs a strictly higher score).
    const top: number[] = [];
    for (let doc = 0; doc < docCount; doc++) {
      const score = scores[doc]!;
      if (score <= 0 || (top.length === limit && score <= scores[top[limit - 1]!]!)) continue;
      let at = top.length === limit ? limit - 1 : top.length;
      while (at > 0 && scores[top[at - 1]!]! < score) {
        top[at] = top[at - 1]!;
        at--;
      }
      top[at] = doc;
      if (top.length > limit) top.length = limit;
    }
    return top.map((doc) => index.tools[doc]!.name);
  };
}
