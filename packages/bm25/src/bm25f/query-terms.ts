import type { ToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import { analyzeQueryChunks } from '../analyzer/query-chunks.js';
import type { QueryChunks } from '../analyzer/query-chunks.js';
import { splitClauseSpans } from '../clauses/split-clauses.js';
import type { Dictionary } from './dictionary.js';
import type { Postings } from './postings.js';
import { createTermMarks, nextStamp } from './term-marks.js';
import type { TermMarks } from './term-marks.js';

/**
 * The analysed query in buffers reused across queries: the distinct known
 * term ids of the whole query, and (for clause fusion, ≥ 2 clauses) those of
 * each clause, a subset of the whole query's.
 */
export interface QueryTerms {
  /** `full[0 .. fullCount)`: distinct terms with postings, in query order. */
  full: Int32Array;
  fullCount: number;
  /** Clauses with at least one known term; 0 when the query is scored as one bag of words. */
  clauseCount: number;
  /** Clause `c` owns `clauseTerms[clauseStart[c] .. clauseStart[c + 1])`. */
  clauseStart: Int32Array;
  clauseTerms: Int32Array;
  /** Clause `c` is `query.slice(clauseSpans[2c], clauseSpans[2c + 1])`. */
  clauseSpans: Int32Array;
  query: string;
  /** Per query token: its term id, or −1 (stopword, unknown, or no postings). */
  tokenTerms: Int32Array;
  /** Per query token (with prefix matching): the terms that are its prefixes are `tokenPrefixes[tokenPrefixStart[t] .. tokenPrefixStart[t + 1])`, longest first, so clauses need not look them up again. */
  tokenPrefixStart: Int32Array;
  tokenPrefixes: Int32Array;
  readonly inQuery: TermMarks;
  readonly inClause: TermMarks;
  /** Terms the query holds only as a prefix of its words (see {@link PrefixMatch}): `marks[term] === prefixStamp`. */
  readonly prefixes: TermMarks;
  prefixStamp: number;
  /** The weight of those terms in the last query (1 when it had none). */
  prefixWeight: number;
  /**
   * Completions of the query's last word (see `completions` of {@link collectQueryTerms}):
   * `marks[term] === completionStamp`. They count as one query word: a tool
   * scores the best of them, not their sum.
   */
  readonly completing: TermMarks;
  completionStamp: number;
  /**
   * The last word's own term when the query holds it and it has completions
   * (−1 otherwise): it heads their group, and a tool that matches it scores
   * it alone, so a completion never outweighs the word as typed.
   */
  completedTerm: number;
  /**
   * The last word's length when it is a term of its own ({@link completedTerm}; else 0): its
   * completions then weigh the prefix weight × this / their length, so a tool
   * with a longer word (`created`) ranks below one with the word as typed (`create`).
   */
  lastWordLength: number;
}

/**
 * Prefix matching: a query word also matches indexed words that are its
 * prefix of at least `minLength` characters (`information` → `info`,
 * `photograph` → `photo`, `trending` → `trend`), at `weight` × their idf.
 * A term the query holds as a word of its own keeps weight 1.
 */
export interface PrefixMatch {
  readonly minLength: number;
  readonly weight: number;
}

/** The query weight of `term` in the last collected query: 1, or the prefix weight for a prefix-only term. */
export function termWeight(terms: QueryTerms, term: number): number {
  if (terms.prefixes.marks[term] !== terms.prefixStamp) return 1;
  return terms.lastWordLength > 0 && isCompletion(terms, term) ? (terms.prefixWeight * terms.lastWordLength) / terms.completing.values[term]! : terms.prefixWeight;
}

/** Whether `term` completes the last word of the last collected query (its completions count once, as their best). */
export function isCompletion(terms: QueryTerms, term: number): boolean {
  return terms.completionStamp !== 0 && terms.completing.marks[term] === terms.completionStamp;
}

/** Whether `term` is one of the last word's group: its completions, or the word's own term heading them. */
export function inCompletionGroup(terms: QueryTerms, term: number): boolean {
  return term === terms.completedTerm || isCompletion(terms, term);
}

/** Empty buffers. */
export function createQueryTerms(): QueryTerms {
  return {
    full: new Int32Array(16),
    fullCount: 0,
    clauseCount: 0,
    clauseStart: new Int32Array(8),
    clauseTerms: new Int32Array(16),
    clauseSpans: new Int32Array(16),
    query: '',
    tokenTerms: new Int32Array(64),
    tokenPrefixStart: new Int32Array(65),
    tokenPrefixes: new Int32Array(64),
    inQuery: createTermMarks(),
    inClause: createTermMarks(),
    prefixes: createTermMarks(),
    prefixStamp: 0,
    prefixWeight: 1,
    completing: createTermMarks(true),
    completionStamp: 0,
    completedTerm: -1,
    lastWordLength: 0,
  };
}

/** The text of each clause of the last collected query, for explanations. */
export function clauseTexts(terms: QueryTerms): string[] {
  const texts: string[] = [];
  for (let clause = 0; clause < terms.clauseCount; clause++) texts.push(terms.query.slice(terms.clauseSpans[2 * clause], terms.clauseSpans[2 * clause + 1]));
  return texts;
}

function grown(buffer: Int32Array, length: number): Int32Array {
  if (buffer.length >= length) return buffer;
  const next = new Int32Array(Math.max(length, buffer.length * 2));
  next.set(buffer);
  return next;
}

/** The term of a token: a dictionary term with postings, or −1. */
function termOf(token: string, dictionary: Dictionary, postings: Postings): number {
  const term = dictionary.ids.get(token);
  if (term === undefined || term >= postings.termCount || postings.termStart[term] === postings.termStart[term + 1]) return -1;
  return term;
}

/** Adds a term to the whole query's unless it is −1 or already there. */
function addFullTerm(out: QueryTerms, term: number, inQuery: number): void {
  if (term < 0 || out.inQuery.marks[term] === inQuery) return;
  out.inQuery.marks[term] = inQuery;
  if (out.fullCount === out.full.length) out.full = grown(out.full, out.fullCount + 1);
  out.full[out.fullCount++] = term;
}

/** Adds a clause term that is one of the query's and new to the clause; returns the next free position. */
function addClauseTerm(out: QueryTerms, term: number, inQuery: number, inClause: number, at: number): number {
  if (term < 0 || out.inQuery.marks[term] !== inQuery || out.inClause.marks[term] === inClause) return at;
  out.inClause.marks[term] = inClause;
  if (at === out.clauseTerms.length) out.clauseTerms = grown(out.clauseTerms, at + 1);
  out.clauseTerms[at] = term;
  return at + 1;
}

/**
 * Adds the terms of the clause `[start, end)` of the query. When the clause
 * starts and ends between chunks of the query's tokenisation, its tokens
 * are those chunks' words and then their compounds, whose terms are known;
 * otherwise the clause text is analysed on its own.
 */
function addClause(
  query: string,
  start: number,
  end: number,
  chunked: QueryChunks | undefined,
  firstChunk: number,
  analyzer: ToolAnalyzer,
  dictionary: Dictionary,
  postings: Postings,
  out: QueryTerms,
  inQuery: number,
  at: number,
  prefixMin: number,
): number {
  const inClause = nextStamp(out.inClause, postings.termCount);
  if (chunked !== undefined) {
    const { chunks } = chunked;
    let last = firstChunk;
    while (last < chunks.count && chunks.start[last]! < end) last++;
    if (firstChunk === last) return at;
    if (chunks.start[firstChunk]! >= start && chunks.end[last - 1]! <= end) {
      // Stopwords have term −1 in `tokenTerms`.
      const { tokenTerms } = out;
      const words = chunks.words[firstChunk]!;
      const wordsEnd = chunks.words[last]!;
      const compounds = chunks.compounds[firstChunk]!;
      const compoundsEnd = chunks.compounds[last]!;
      for (let token = words; token < wordsEnd; token++) at = addClauseTerm(out, tokenTerms[token]!, inQuery, inClause, at);
      for (let token = compounds; token < compoundsEnd; token++) at = addClauseTerm(out, tokenTerms[token]!, inQuery, inClause, at);
      if (prefixMin > 0) {
        for (let token = words; token < wordsEnd; token++) at = addTokenPrefixes(out, token, inQuery, inClause, at);
        for (let token = compounds; token < compoundsEnd; token++) at = addTokenPrefixes(out, token, inQuery, inClause, at);
      }
      return at;
    }
  }
  const tokens = analyzer.analyzeQuery(query.slice(start, end));
  for (const token of tokens) at = addClauseTerm(out, termOf(token, dictionary, postings), inQuery, inClause, at);
  if (prefixMin > 0) for (const token of tokens) at = addClausePrefixes(out, token, prefixMin, dictionary, postings, inQuery, inClause, at);
  return at;
}

/**
 * Calls `add` with each term (with postings) that is a prefix of `token` of
 * at least `minLength` characters, longest first.
 */
function forEachPrefix(token: string, minLength: number, dictionary: Dictionary, postings: Postings, add: (prefix: number) => void): void {
  for (let length = token.length - 1; length >= minLength; length--) {
    const prefix = termOf(token.slice(0, length), dictionary, postings);
    if (prefix >= 0) add(prefix);
  }
}

/** Adds to the whole query the prefixes of `token` that it does not hold as words; with `index`, records them all as that token's. */
function addFullPrefixes(out: QueryTerms, token: string, minLength: number, dictionary: Dictionary, postings: Postings, inQuery: number, index = -1): void {
  forEachPrefix(token, minLength, dictionary, postings, (term) => {
    if (index >= 0) {
      const at = out.tokenPrefixStart[index + 1]!++;
      if (at === out.tokenPrefixes.length) out.tokenPrefixes = grown(out.tokenPrefixes, at + 1);
      out.tokenPrefixes[at] = term;
    }
    if (out.inQuery.marks[term] === inQuery) return;
    out.prefixes.marks[term] = out.prefixStamp;
    addFullTerm(out, term, inQuery);
  });
}

/** Adds to the current clause the prefix-only terms of `token`; returns the next free position. */
function addClausePrefixes(out: QueryTerms, token: string, minLength: number, dictionary: Dictionary, postings: Postings, inQuery: number, inClause: number, at: number): number {
  let next = at;
  forEachPrefix(token, minLength, dictionary, postings, (term) => {
    if (out.prefixes.marks[term] === out.prefixStamp) next = addClauseTerm(out, term, inQuery, inClause, next);
  });
  return next;
}

/** Adds to the current clause the prefix-only terms of query token `token`, as the whole query recorded them; returns the next free position. */
function addTokenPrefixes(out: QueryTerms, token: number, inQuery: number, inClause: number, at: number): number {
  let next = at;
  for (let index = out.tokenPrefixStart[token]!, end = out.tokenPrefixStart[token + 1]!; index < end; index++) {
    const term = out.tokenPrefixes[index]!;
    if (out.prefixes.marks[term] === out.prefixStamp) next = addClauseTerm(out, term, inQuery, inClause, next);
  }
  return next;
}

/** How many of the query's terms it holds only as prefixes. */
function countPrefixTerms(out: QueryTerms): number {
  if (out.prefixStamp === 0) return 0;
  let count = 0;
  for (let index = 0; index < out.fullCount; index++) if (out.prefixes.marks[out.full[index]!] === out.prefixStamp) count++;
  return count;
}

const NO_COMPLETIONS = new Int32Array(0);

/** Weight of a completion (see `completions` of {@link collectQueryTerms}) when prefix matching is off. */
export const COMPLETION_WEIGHT = 0.9;

/**
 * Fills `out` with the terms of `query`: dictionary terms with postings,
 * each once, in order of first occurrence. With `fuse`, a query of ≥ 2 known
 * terms is split into clauses (see `splitClauses`); clauses keep the whole
 * query's terms they contain, and clause fusion applies when ≥ 2 clauses
 * keep any. `completions` are terms the query's last word is the start of
 * (see `completeWord`): they join the query and its last clause as prefix
 * matches do, at the prefix weight (or {@link COMPLETION_WEIGHT} when prefix
 * matching is off), unless the query holds them as words, and count as one
 * word: a tool scores the best of them, or `lastWord`'s own term when it
 * matches that (see {@link QueryTerms.completedTerm}).
 */
export function collectQueryTerms(
  query: string,
  analyzer: ToolAnalyzer,
  dictionary: Dictionary,
  postings: Postings,
  fuse: boolean,
  out: QueryTerms,
  prefix?: PrefixMatch,
  completions: Int32Array = NO_COMPLETIONS,
  lastWord?: string,
): void {
  out.fullCount = 0;
  out.clauseCount = 0;
  out.query = query;
  out.prefixStamp = 0;
  out.prefixWeight = 1;
  out.completionStamp = 0;
  out.completedTerm = -1;
  out.lastWordLength = 0;
  const inQuery = nextStamp(out.inQuery, postings.termCount);
  const chunked = fuse ? analyzeQueryChunks(analyzer, query) : undefined;
  const prefixMin = prefix !== undefined && prefix.weight > 0 ? prefix.minLength : 0;
  if (prefixMin > 0) {
    out.prefixStamp = nextStamp(out.prefixes, postings.termCount);
    out.prefixWeight = prefix!.weight;
  }
  if (chunked === undefined) {
    const tokens = analyzer.analyzeQuery(query);
    for (const token of tokens) addFullTerm(out, termOf(token, dictionary, postings), inQuery);
    if (prefixMin > 0) for (const token of tokens) addFullPrefixes(out, token, prefixMin, dictionary, postings, inQuery);
  } else {
    const { tokens, stop } = chunked;
    if (out.tokenTerms.length < tokens.length) out.tokenTerms = new Int32Array(Math.max(tokens.length, out.tokenTerms.length * 2));
    const { tokenTerms } = out;
    for (let token = 0; token < tokens.length; token++) {
      const term = stop[token] === 1 ? -1 : termOf(tokens[token]!, dictionary, postings);
      tokenTerms[token] = term;
      addFullTerm(out, term, inQuery);
    }
    if (prefixMin > 0) {
      if (out.tokenPrefixStart.length <= tokens.length) out.tokenPrefixStart = new Int32Array(Math.max(tokens.length + 1, out.tokenPrefixStart.length * 2));
      out.tokenPrefixStart[0] = 0;
      for (let token = 0; token < tokens.length; token++) {
        out.tokenPrefixStart[token + 1] = out.tokenPrefixStart[token]!;
        if (stop[token] === 0) addFullPrefixes(out, tokens[token]!, prefixMin, dictionary, postings, inQuery, token);
      }
    }
  }
  const completing = completions.length > 0;
  if (completing) {
    if (out.prefixStamp === 0) {
      out.prefixStamp = nextStamp(out.prefixes, postings.termCount);
      out.prefixWeight = COMPLETION_WEIGHT;
    }
    out.completionStamp = nextStamp(out.completing, postings.termCount);
    const head = lastWord === undefined ? -1 : termOf(lastWord, dictionary, postings);
    if (head >= 0 && out.inQuery.marks[head] === inQuery) {
      out.completedTerm = head;
      out.lastWordLength = lastWord!.length;
    }
    for (let index = 0; index < completions.length; index++) {
      const term = completions[index]!;
      if (out.inQuery.marks[term] === inQuery) continue;
      out.prefixes.marks[term] = out.prefixStamp;
      out.completing.marks[term] = out.completionStamp;
      out.completing.values[term] = dictionary.terms[term]!.length;
      addFullTerm(out, term, inQuery);
    }
  }
  const words = out.fullCount - countPrefixTerms(out);
  if (!fuse || words < 2) return;
  const spans = splitClauseSpans(query);
  if (spans.length < 4) return;
  const clauseStart = grown(out.clauseStart, spans.length / 2 + 1);
  const clauseSpans = grown(out.clauseSpans, spans.length);
  let clauseCount = 0;
  let at = 0;
  let chunk = 0;
  clauseStart[0] = 0;
  for (let index = 0; index < spans.length; index += 2) {
    const start = spans[index]!;
    const end = spans[index + 1]!;
    if (chunked !== undefined) while (chunk < chunked.chunks.count && chunked.chunks.end[chunk]! <= start) chunk++;
    const from = at;
    at = addClause(query, start, end, chunked, chunk, analyzer, dictionary, postings, out, inQuery, at, prefixMin);
    if (completing && index === spans.length - 2) {
      // The last word is in the last clause: its completions are that clause's too.
      const inClause = out.inClause.stamp;
      for (let completion = 0; completion < completions.length; completion++) {
        const term = completions[completion]!;
        if (out.prefixes.marks[term] === out.prefixStamp) at = addClauseTerm(out, term, inQuery, inClause, at);
      }
    }
    if (at === from) continue;
    clauseSpans[2 * clauseCount] = start;
    clauseSpans[2 * clauseCount + 1] = end;
    clauseStart[++clauseCount] = at;
  }
  out.clauseStart = clauseStart;
  out.clauseSpans = clauseSpans;
  if (clauseCount >= 2) out.clauseCount = clauseCount;
}
