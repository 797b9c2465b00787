import type { CatalogTool } from '@loadout/core';
import { FIELD_COUNT } from '../bm25f/postings.js';
import { clauseTexts, termWeight } from '../bm25f/query-terms.js';
import type { QueryTerms } from '../bm25f/query-terms.js';
import { readBm25Internals } from '../bm25f/ranker-internals.js';
import { buildDocTerms } from './doc-terms.js';
import type { DocTerms } from './doc-terms.js';
import type { FirstStageCandidates, FirstStageView } from './first-stage-view.js';
import { buildNameTerms } from './name-terms.js';
import type { NameTerms } from './name-terms.js';

const PART = 1 + FIELD_COUNT;

type Buffers = { -readonly [key in keyof FirstStageCandidates]: FirstStageCandidates[key] };

const grown = <T extends Int32Array | Float64Array | Uint8Array>(buffer: T, length: number, make: (length: number) => T): T =>
  buffer.length >= length ? buffer : make(Math.max(length, buffer.length * 2));

/** Each tool's server as a number (−1: none), so a second stage compares servers without reading tools. */
function serverIds(tools: readonly CatalogTool[]): { tools: readonly CatalogTool[]; ids: Int32Array } {
  const known = new Map<string, number>();
  const ids = new Int32Array(tools.length).fill(-1);
  for (const [doc, { server }] of tools.entries()) {
    if (server !== null && !known.has(server)) known.set(server, known.size);
    if (server !== null) ids[doc] = known.get(server)!;
  }
  return { tools, ids };
}

/** The view of a ranker made by `createBm25Ranker`. */
function createView(ranker: object): FirstStageView {
  let docTerms: DocTerms | undefined;
  let names: NameTerms | undefined;
  let servers: ReturnType<typeof serverIds> | undefined;
  // Query-term position of each term id, read where its bit in `inQuery` is set (a small set that stays in cache).
  let position = new Int32Array(0);
  let inQuery = new Int32Array(0);
  let sortedTerms = new Int32Array(0);
  let clauseTerms = new Int32Array(0);
  const oneClause = new Int32Array(2);
  let last: QueryTerms | undefined;
  const out: Buffers = {
    query: '',
    count: 0,
    docs: new Int32Array(0),
    scores: new Float64Array(0),
    termCount: 0,
    termWeights: new Float64Array(0),
    termsInIndexOrder: new Int32Array(0),
    termScores: new Float64Array(0),
    termFields: new Uint8Array(0),
    clauseCount: 0,
    clauseStart: new Int32Array(0),
    clauseTerms,
    clauseTexts: () => (last === undefined ? [] : clauseTexts(last)),
    nameWords: new Int32Array(0),
    nameWordsMatched: new Int32Array(0),
    nameTermsMatched: new Int32Array(0),
    fieldLengths: new Int32Array(0),
    servers: new Int32Array(0),
  };
  return {
    get tools() {
      return readBm25Internals(ranker)!.tools;
    },
    candidates(query, limit, filter) {
      const index = readBm25Internals(ranker)!;
      const { postings, tables, settings } = index;
      const ranked = index.rank(query, limit, filter);
      const { terms, count, docs } = ranked;
      out.query = query;
      out.count = count;
      out.docs = docs;
      out.scores = ranked.scores;
      last = terms;
      if (count === 0) return out;
      if (docTerms?.postings !== postings) docTerms = buildDocTerms(postings);
      if (names?.postings !== postings) names = buildNameTerms(postings, index.dictionary);
      if (servers?.tools !== index.tools) servers = serverIds(index.tools);
      const termCount = terms.fullCount;
      const { idf, saturated, norm } = tables;
      const k1 = settings.k1;
      if (position.length < postings.termCount) {
        position = new Int32Array(Math.max(postings.termCount, position.length * 2));
        inQuery = new Int32Array((position.length >>> 5) + 1);
      }
      out.termCount = termCount;
      out.termWeights = grown(out.termWeights, termCount, (length) => new Float64Array(length));
      out.termsInIndexOrder = grown(out.termsInIndexOrder, termCount, (length) => new Int32Array(length));
      sortedTerms = grown(sortedTerms, termCount, (length) => new Int32Array(length));
      for (let at = 0; at < termCount; at++) {
        const term = terms.full[at]!;
        position[term] = at;
        inQuery[term >>> 5]! |= 1 << (term & 31);
        out.termWeights[at] = idf[term]! * termWeight(terms, term);
        sortedTerms[at] = term;
      }
      sortedTerms.subarray(0, termCount).sort();
      for (let at = 0; at < termCount; at++) out.termsInIndexOrder[at] = position[sortedTerms[at]!]!;
      out.clauseCount = terms.clauseCount;
      // A query scored as one bag of words is given as one clause of all its terms.
      oneClause[1] = termCount;
      out.clauseStart = terms.clauseCount === 0 ? oneClause : terms.clauseStart;
      const clauseEnd = out.clauseStart[Math.max(terms.clauseCount, 1)]!;
      out.clauseTerms = clauseTerms = grown(clauseTerms, clauseEnd, (length) => new Int32Array(length));
      for (let at = 0; at < clauseEnd; at++) clauseTerms[at] = terms.clauseCount === 0 ? at : position[terms.clauseTerms[at]!]!;
      // Field scores of each candidate's query terms: the postings clause coverage found, else one pass over its own terms (the forward index).
      out.termScores = grown(out.termScores, count * termCount * PART, (length) => new Float64Array(length));
      out.termFields = grown(out.termFields, count * termCount, (length) => new Uint8Array(length));
      out.nameWords = grown(out.nameWords, count, (length) => new Int32Array(length));
      out.nameWordsMatched = grown(out.nameWordsMatched, count, (length) => new Int32Array(length));
      out.nameTermsMatched = grown(out.nameTermsMatched, count, (length) => new Int32Array(length));
      out.fieldLengths = grown(out.fieldLengths, count * FIELD_COUNT, (length) => new Int32Array(length));
      out.servers = grown(out.servers, count, (length) => new Int32Array(length));
      const { termScores, termFields } = out;
      termScores.fill(0, 0, count * termCount * PART);
      termFields.fill(0, 0, count * termCount);
      const addTerm = (candidate: number, doc: number, term: number, posting: number): void => {
        const slot = candidate * termCount + term;
        const weight = out.termWeights[term]!;
        termScores[slot * PART] = weight * saturated[posting]!;
        for (let field = 0; field < FIELD_COUNT; field++) {
          const tf = postings.tfs[posting * FIELD_COUNT + field]!;
          if (tf === 0) continue;
          const pseudo = tf * norm[doc * FIELD_COUNT + field]!;
          termScores[slot * PART + 1 + field] = pseudo > 0 ? (weight * pseudo * (k1 + 1)) / (pseudo + k1) : 0;
          termFields[slot]! |= 1 << field;
        }
      };
      const { covered } = ranked;
      for (let candidate = 0; candidate < count; candidate++) {
        const doc = docs[candidate]!;
        if (covered !== undefined) {
          const row = covered.rows[candidate]! * termCount;
          for (let term = 0; term < termCount; term++) if (covered.termPostings[row + term]! >= 0) addTerm(candidate, doc, term, covered.termPostings[row + term]!);
        } else {
          for (let at = docTerms.start[doc]!, end = docTerms.start[doc + 1]!; at < end; at++) {
            const id = docTerms.terms[at]!;
            if ((inQuery[id >>> 5]! & (1 << (id & 31))) !== 0) addTerm(candidate, doc, position[id]!, docTerms.postingOf[at]!);
          }
        }
        let words = 0;
        let wordsMatched = 0;
        let termsMatched = 0;
        for (let at = names.start[doc]!, end = names.start[doc + 1]!; at < end; at++) {
          const id = names.terms[at]!;
          const hit = (inQuery[id >>> 5]! >>> (id & 31)) & 1;
          termsMatched += hit;
          words += names.word[at]!;
          wordsMatched += hit & names.word[at]!;
        }
        out.nameWords[candidate] = words;
        out.nameWordsMatched[candidate] = wordsMatched;
        out.nameTermsMatched[candidate] = termsMatched;
        out.servers[candidate] = servers.ids[doc]!;
        for (let field = 0; field < FIELD_COUNT; field++) out.fieldLengths[candidate * FIELD_COUNT + field] = postings.fieldLengths[doc * FIELD_COUNT + field]!;
      }
      for (let at = 0; at < termCount; at++) inQuery[terms.full[at]! >>> 5] = 0;
      return out;
    },
  };
}

const views = new WeakMap<object, FirstStageView>();

/**
 * The first-stage view of `ranker` (one made by `createBm25Ranker`, else
 * undefined): its tools and, per query, the candidates with their field
 * scores, read off its own index (kept up to date through `index`, `add`
 * and `remove`).
 */
export function readFirstStage(ranker: object): FirstStageView | undefined {
  let view = views.get(ranker);
  if (view === undefined && readBm25Internals(ranker) !== undefined) views.set(ranker, (view = createView(ranker)));
  return view;
}
