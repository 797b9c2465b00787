import type { ToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import { splitClauses } from '../clauses/split-clauses.js';
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
  /** The text of each counted clause (for explanations); empty without clauses. */
  clauseTexts: string[];
  readonly inQuery: TermMarks;
  readonly inClause: TermMarks;
}

/** Empty buffers. */
export function createQueryTerms(): QueryTerms {
  return {
    full: new Int32Array(16),
    fullCount: 0,
    clauseCount: 0,
    clauseStart: new Int32Array(8),
    clauseTerms: new Int32Array(16),
    clauseTexts: [],
    inQuery: createTermMarks(),
    inClause: createTermMarks(),
  };
}

function grown(buffer: Int32Array, length: number): Int32Array {
  if (buffer.length >= length) return buffer;
  const next = new Int32Array(Math.max(length, buffer.length * 2));
  next.set(buffer);
  return next;
}

/**
 * Fills `out` with the terms of `query`: dictionary terms with postings,
 * each once, in order of first occurrence. With `fuse`, a query of ≥ 2 known
 * terms is split into clauses ({@link splitClauses}); clauses keep the
 * whole query's terms they contain, and clause fusion applies when ≥ 2
 * clauses keep any.
 */
export function collectQueryTerms(
  query: string,
  analyzer: ToolAnalyzer,
  dictionary: Dictionary,
  postings: Postings,
  fuse: boolean,
  out: QueryTerms,
): void {
  const { ids } = dictionary;
  const { termStart, termCount } = postings;
  out.fullCount = 0;
  out.clauseCount = 0;
  out.clauseTexts = [];
  const inQuery = nextStamp(out.inQuery, termCount);
  const queryMarks = out.inQuery.marks;
  let full = out.full;
  let fullCount = 0;
  for (const token of analyzer.analyzeQuery(query)) {
    const term = ids.get(token);
    if (term === undefined || term >= termCount || queryMarks[term] === inQuery || termStart[term] === termStart[term + 1]) continue;
    queryMarks[term] = inQuery;
    if (fullCount === full.length) full = grown(full, fullCount + 1);
    full[fullCount++] = term;
  }
  out.full = full;
  out.fullCount = fullCount;
  if (!fuse || fullCount < 2) return;
  const pieces = splitClauses(query);
  if (pieces.length < 2) return;
  const clauseStart = grown(out.clauseStart, pieces.length + 1);
  let clauseTerms = out.clauseTerms;
  let clauseCount = 0;
  let at = 0;
  clauseStart[0] = 0;
  for (const piece of pieces) {
    const inClause = nextStamp(out.inClause, termCount);
    const clauseMarks = out.inClause.marks;
    const from = at;
    for (const token of analyzer.analyzeQuery(piece)) {
      const term = ids.get(token);
      if (term === undefined || term >= termCount || queryMarks[term] !== inQuery || clauseMarks[term] === inClause) continue;
      clauseMarks[term] = inClause;
      if (at === clauseTerms.length) clauseTerms = grown(clauseTerms, at + 1);
      clauseTerms[at++] = term;
    }
    if (at === from) continue;
    out.clauseTexts.push(piece);
    clauseStart[++clauseCount] = at;
  }
  out.clauseStart = clauseStart;
  out.clauseTerms = clauseTerms;
  if (clauseCount >= 2) out.clauseCount = clauseCount;
  else out.clauseTexts = [];
}
