import { termWeight } from '@loadout/bm25/first-stage';
import type { QueryTerms } from '@loadout/bm25/first-stage';
import type { FirstStage } from '@loadout/bm25/first-stage';
import { RERANK_FEATURES, RERANK_VECTOR_FEATURES } from './rerank-features.js';
import type { SiblingTerms } from './sibling-terms.js';

/**
 * Optional features that tell a candidate from its server siblings (the
 * other candidates of its server, which share the server's name words),
 * after the lexical (and vector, and neighbour) features in a model that uses them; all
 * list-relative or shares, so catalog-agnostic:
 * - `sibling.ownShare`: share of the tool's own name words (its name
 *   field's words that its server field lacks; compounds aside) in the
 *   query; `sibling.ownCover` the same weighted by idf;
 *   `sibling.ownQuery`: the query's idf share its own name words hold;
 * - `sibling.exclusive`: the query's idf share that the tool contains and
 *   its server's best other candidate lacks (0 without one);
 *   `sibling.ownExclusive`: the query's idf share in its own name words
 *   that no other candidate of its server has in its own name;
 * - `sibling.clauseOwn`: the best share of one clause's idf its own name
 *   words hold (the query's for a query of one clause), and
 *   `sibling.clauseOwnGap` that share minus the best of its server's other
 *   candidates on the same clause (0 without one).
 */
export const SIBLING_FEATURES: readonly string[] = Object.freeze([
  'sibling.ownShare',
  'sibling.ownCover',
  'sibling.ownQuery',
  'sibling.exclusive',
  'sibling.ownExclusive',
  'sibling.clauseOwn',
  'sibling.clauseOwnGap',
]);

/** The features of a lexical model with sibling features: `RERANK_FEATURES` then {@link SIBLING_FEATURES}. */
export const RERANK_SIBLING_FEATURES: readonly string[] = Object.freeze([...RERANK_FEATURES, ...SIBLING_FEATURES]);

/** The features of a model with word vectors and sibling features: `RERANK_VECTOR_FEATURES` then {@link SIBLING_FEATURES}. */
export const RERANK_VECTOR_SIBLING_FEATURES: readonly string[] = Object.freeze([...RERANK_VECTOR_FEATURES, ...SIBLING_FEATURES]);

const COUNT = SIBLING_FEATURES.length;

/** Buffers reused by every query's sibling features. */
export interface SiblingScratch {
  /** Query-term position of each term id (−1: not in the query). */
  position: Int32Array;
  /** Per query term: idf times query weight. */
  weight: Float64Array;
  /** Per candidate and query term: 1 when the tool holds the term (any field); `own`: in its own name words. */
  holds: Uint8Array;
  own: Uint8Array;
  /** Per server: its first, second and last candidate (−1: none). */
  first: Int32Array;
  second: Int32Array;
  last: Int32Array;
  /** Per candidate: the next candidate of its server (−1: none). */
  next: Int32Array;
  /** Per candidate and clause: the clause's idf share in its own name words; per candidate, its best clause. */
  clauseOwn: Float64Array;
  bestClause: Int32Array;
  out: Float64Array;
}

/** Empty buffers; they grow as needed. */
export function createSiblingScratch(): SiblingScratch {
  return {
    position: new Int32Array(0),
    weight: new Float64Array(0),
    holds: new Uint8Array(0),
    own: new Uint8Array(0),
    first: new Int32Array(0),
    second: new Int32Array(0),
    last: new Int32Array(0),
    next: new Int32Array(0),
    clauseOwn: new Float64Array(0),
    bestClause: new Int32Array(0),
    out: new Float64Array(0),
  };
}

function grow(scratch: SiblingScratch, termCount: number, count: number, servers: number, dictionary: number, width: number, clauses: number): void {
  if (scratch.clauseOwn.length < count * clauses) scratch.clauseOwn = new Float64Array(Math.max(count * clauses, scratch.clauseOwn.length * 2));
  if (scratch.position.length < dictionary) scratch.position = new Int32Array(Math.max(dictionary, scratch.position.length * 2)).fill(-1);
  if (scratch.weight.length < termCount) scratch.weight = new Float64Array(Math.max(termCount, scratch.weight.length * 2));
  if (scratch.holds.length < count * termCount) {
    scratch.holds = new Uint8Array(Math.max(count * termCount, scratch.holds.length * 2));
    scratch.own = new Uint8Array(scratch.holds.length);
  }
  if (scratch.first.length < servers) {
    scratch.first = new Int32Array(Math.max(servers, scratch.first.length * 2)).fill(-1);
    scratch.second = new Int32Array(scratch.first.length).fill(-1);
    scratch.last = new Int32Array(scratch.first.length);
  }
  if (scratch.next.length < count) {
    scratch.next = new Int32Array(Math.max(count, scratch.next.length * 2));
    scratch.bestClause = new Int32Array(scratch.next.length);
  }
  if (scratch.out.length < count * width) scratch.out = new Float64Array(Math.max(count * width, scratch.out.length * 2));
}

/**
 * Rows of `width + SIBLING_FEATURES.length` for `count` candidates `docs`
 * (first-stage order): each row of `input` (`width`
 * features) followed by its {@link SIBLING_FEATURES}, from `siblings` and
 * `parts` (the lexical extraction's per candidate and query term
 * contributions, `FeatureScratch.parts`, `stride` numbers each; a term's
 * first is positive when the tool holds it) only, no labels. Writes into
 * `scratch.out` (grown when short) and returns it.
 */
export function appendSiblingFeatures(
  input: Float64Array,
  width: number,
  count: number,
  docs: ArrayLike<number>,
  terms: QueryTerms,
  index: FirstStage,
  parts: Float64Array,
  stride: number,
  siblings: SiblingTerms,
  scratch: SiblingScratch,
): Float64Array {
  const T = terms.fullCount;
  const full = terms.full;
  const idf = index.tables.idf;
  const wide = width + COUNT;
  const clauses = Math.max(terms.clauseCount, 1);
  grow(scratch, T, count, siblings.servers, index.postings.termCount, wide, clauses);
  const { position, weight, holds, own, first, second, last, next, clauseOwn, bestClause, out } = scratch;
  let sumIdf = 0;
  for (let at = 0; at < T; at++) {
    position[full[at]!] = at;
    weight[at] = idf[full[at]!]! * termWeight(terms, full[at]!);
    sumIdf += weight[at]!;
  }
  const inverse = sumIdf > 0 ? 1 / sumIdf : 0;
  holds.fill(0, 0, count * T);
  own.fill(0, 0, count * T);
  for (let candidate = 0; candidate < count; candidate++) {
    const doc = docs[candidate]!;
    const row = candidate * wide;
    out.set(input.subarray(candidate * width, (candidate + 1) * width), row);
    // The lexical extraction's per-term contributions: positive exactly where the tool holds the term.
    for (let p = 0; p < T; p++) if (parts[(candidate * T + p) * stride]! > 0) holds[candidate * T + p] = 1;
    let words = 0;
    let matchedWords = 0;
    let wordIdf = 0;
    let matchedIdf = 0;
    let inQuery = 0;
    for (let at = siblings.start[doc]!, end = siblings.start[doc + 1]!; at < end; at++) {
      const term = siblings.terms[at]!;
      const isWord = siblings.word[at]!;
      const p = position[term]!;
      words += isWord;
      if (isWord === 1) wordIdf += idf[term]!;
      if (p < 0) continue;
      own[candidate * T + p] = 1;
      inQuery += weight[p]!;
      matchedWords += isWord;
      if (isWord === 1) matchedIdf += idf[term]!;
    }
    out[row + width] = words > 0 ? matchedWords / words : 0;
    out[row + width + 1] = wordIdf > 0 ? matchedIdf / wordIdf : 0;
    out[row + width + 2] = inQuery * inverse;
    // Each clause's idf share in its own name words (a query of one clause is its own clause).
    let best = 0;
    for (let clause = 0; clause < clauses; clause++) {
      let held = 0;
      let total = 0;
      const from = terms.clauseCount === 0 ? 0 : terms.clauseStart[clause]!;
      const to = terms.clauseCount === 0 ? T : terms.clauseStart[clause + 1]!;
      for (let at = from; at < to; at++) {
        const p = terms.clauseCount === 0 ? at : position[terms.clauseTerms[at]!]!;
        total += weight[p]!;
        if (own[candidate * T + p] === 1) held += weight[p]!;
      }
      const share = total > 0 ? held / total : 0;
      clauseOwn[candidate * clauses + clause] = share;
      if (clause === 0 || share > best) {
        best = share;
        bestClause[candidate] = clause;
      }
    }
    out[row + width + 5] = best;
    // Server groups in first-stage order.
    const server = siblings.server[doc]!;
    next[candidate] = -1;
    if (first[server]! < 0) first[server] = candidate;
    else {
      if (second[server]! < 0) second[server] = candidate;
      next[last[server]!] = candidate;
    }
    last[server] = candidate;
  }
  for (let candidate = 0; candidate < count; candidate++) {
    const row = candidate * wide + width;
    const server = siblings.server[docs[candidate]!]!;
    const best = first[server]!;
    const other = best === candidate ? second[server]! : best;
    let exclusive = 0;
    if (other >= 0) for (let p = 0; p < T; p++) if (holds[candidate * T + p] === 1 && holds[other * T + p] === 0) exclusive += weight[p]!;
    out[row + 3] = exclusive * inverse;
    let ownExclusive = 0;
    for (let p = 0; p < T; p++) {
      if (own[candidate * T + p] === 0) continue;
      let shared = false;
      for (let sibling = best; sibling >= 0 && !shared; sibling = next[sibling]!) shared = sibling !== candidate && own[sibling * T + p] === 1;
      if (!shared) ownExclusive += weight[p]!;
    }
    out[row + 4] = ownExclusive * inverse;
    const clause = bestClause[candidate]!;
    let rival = -1;
    for (let sibling = best; sibling >= 0; sibling = next[sibling]!) {
      if (sibling !== candidate) rival = Math.max(rival, clauseOwn[sibling * clauses + clause]!);
    }
    out[row + 6] = rival < 0 ? 0 : out[row + 5]! - rival;
  }
  for (let candidate = 0; candidate < count; candidate++) {
    const server = siblings.server[docs[candidate]!]!;
    first[server] = -1;
    second[server] = -1;
  }
  for (let at = 0; at < T; at++) position[full[at]!] = -1;
  return out;
}
