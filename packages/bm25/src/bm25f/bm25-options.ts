import { createLoadoutError, describeValue } from '@loadout/core';
import type { CatalogTool } from '@loadout/core';
import { integerOption, numberOption } from '@loadout/core/utils';
import { createToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import type { ToolAnalyzer, ToolAnalyzerOptions } from '../analyzer/create-tool-analyzer.js';
import { TOOL_FIELDS } from '../analyzer/tool-fields.js';
import type { ToolField } from '../analyzer/tool-fields.js';
import type { PrefixMatch } from './query-terms.js';

/** How a query that asks for several things at once is scored. */
export type MultiIntentMode = 'clause-fusion' | 'off';

/** Default {@link Bm25RankerOptions.fieldWeights}: the best weights measured on the eval sets (`usage` applies only with {@link Bm25RankerOptions.usage}). */
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<ToolField, number>> = Object.freeze({
  name: 4,
  description: 1,
  parameterNames: 0.5,
  parameterDescriptions: 0.5,
  server: 0.25,
  usage: 1,
});

/** Options of {@link createBm25Ranker}. */
export interface Bm25RankerOptions {
  /** The analyzer, or options for one. Default: `createToolAnalyzer()`. */
  readonly analyzer?: ToolAnalyzer | ToolAnalyzerOptions;
  /** Weight of each field; missing fields keep their default ({@link DEFAULT_FIELD_WEIGHTS}). Each 0–100; 0 ignores the field. */
  readonly fieldWeights?: Partial<Record<ToolField, number>>;
  /** Term-frequency saturation. Default 2.0; range 0–10 (0 = presence only). */
  readonly k1?: number;
  /** Length normalisation of every field without its own `fieldB`. Default 0.6; range 0 (none) – 1 (full). */
  readonly b?: number;
  /**
   * Length normalisation per field, overriding `b`. Default `{ name: 0.9,
   * usage: 0.2 }`; each 0–1. The usage field is barely normalised: a tool's
   * field is long because it was called often, which is evidence, not
   * noise (measured in
   * `docs/decisions/0052-usage-field-b-and-rejected-signals.md`).
   */
  readonly fieldB?: Partial<Record<ToolField, number>>;
  /**
   * Scoring of multi-step requests. `clause-fusion` splits the query into
   * clauses and adds, to the normalised full-query score, `clauseWeight` × the
   * tool's best normalised clause score (only for queries of ≥ 2 clauses);
   * `off` scores the query as one bag of words. Default `clause-fusion`.
   */
  readonly multiIntent?: MultiIntentMode;
  /** λ of clause fusion. Default 1.0; range 0–10 (measured flat from 0.5 to 1.5). */
  readonly clauseWeight?: number;
  /**
   * Prefix matching: a query word also matches indexed words that are its
   * prefix of at least `prefixMinLength` characters, at this weight × their
   * idf: abbreviations in tool names (`information` → `getBookInfo`,
   * `photograph` → `getPhotoInfo`, `statistics` → `getCollectionStats`) and
   * other endings (`trending` → `trend`). A word the query holds itself
   * keeps weight 1. Default 0.9; range 0–1 (0 turns it off).
   */
  readonly prefixWeight?: number;
  /** Shortest prefix that matches, in characters. Default 4; range 2–32. */
  readonly prefixMinLength?: number;
  /**
   * Completes the word being typed, for a box that searches on every
   * keystroke: when the query does not end in white space or punctuation, its
   * last word (letters and digits, at least 2 characters) also matches the
   * indexed words that start with it (`creat` → `create`, `is` → `issue`),
   * the 16 in the most tools, at the prefix weight (`prefixWeight`, or 0.9
   * when that is 0) × their idf; stopwords are never completions. They
   * count as one query word: a tool scores its best completion, not their
   * sum; when the last word is itself an indexed word, a tool holding it
   * scores it alone, and a completion weighs the prefix weight × the word's
   * length / its own (`create` finds `created` below `create`). A sorted
   * vocabulary is built on the first such search after each index change
   * (one sort of the words); each search then costs a binary search.
   * Default false: a query is matched as typed (the CLI, the gateway,
   * evaluations).
   */
  readonly completeLastWord?: boolean;
  /**
   * Diversify multi-step requests. `clauses` (with clause fusion, for
   * queries of ≥ 2 clauses) re-picks the results among the best
   * `coverageCandidates` greedily by the fusion score, except that a clause
   * a picked tool already serves (it scores ≥ `clauseCoveredShare` of the
   * clause's best) gives later tools only `clauseCoveredCredit` of their
   * credit for it, so each step of the request gets its tool. `xquad`
   * re-picks so that each next tool covers query terms the tools before it
   * left uncovered (xQuAD, query terms as aspects, the ranker's score as
   * prior), for queries of at least `coverageMinTerms` distinct known terms.
   * `off` keeps the score order. Default `clauses`.
   */
  readonly coverage?: CoverageMode;
  /** `clauses` coverage: credit kept for a clause already served. Default 0.9; range 0–1 (1 = no effect). */
  readonly clauseCoveredCredit?: number;
  /** `clauses` coverage: share of a clause's best score at which a picked tool serves it. Default 0.95; range 0–1. */
  readonly clauseCoveredShare?: number;
  /** λ of coverage selection: 0 = score order, 1 = coverage only. Default 0.5; range 0–1. */
  readonly coverageWeight?: number;
  /** Bonus for a tool sharing a server with a tool picked before it (helps real multi-tool APIs). Default 0; range 0–1. */
  readonly sameServerBonus?: number;
  /** Fewest distinct known query terms for coverage selection to apply. Default 10; range 1–1,000. */
  readonly coverageMinTerms?: number;
  /** Candidates coverage selection picks from (at least `limit`). Default 50; range 1–1,000. */
  readonly coverageCandidates?: number;
  /**
   * The deployment's usage field: the past queries after which a tool was
   * called (see `createUsageField`), indexed as the tool's `usage` field
   * (weight `fieldWeights.usage`, default 1; `fieldB.usage`, default 0.2).
   * Read when a tool is indexed or added. Default: none (no usage field).
   */
  readonly usage?: (tool: CatalogTool) => string | undefined;
}

/** Whether results of multi-step queries are diversified: by clause, by query term, or not. */
export type CoverageMode = 'clauses' | 'xquad' | 'off';

/** Options with every default applied; field arrays are in {@link TOOL_FIELDS} order. */
export interface ResolvedBm25Options {
  readonly analyzer: ToolAnalyzer;
  readonly weights: Float64Array;
  readonly b: Float64Array;
  readonly k1: number;
  readonly multiIntent: MultiIntentMode;
  readonly clauseWeight: number;
  /** Prefix matching, or undefined when `prefixWeight` is 0. */
  readonly prefix: PrefixMatch | undefined;
  /** Whether the last word of a query is completed ({@link Bm25RankerOptions.completeLastWord}). */
  readonly completeLastWord: boolean;
  readonly coverage: CoverageMode;
  readonly coverageWeight: number;
  readonly clauseCoveredCredit: number;
  readonly clauseCoveredShare: number;
  readonly sameServerBonus: number;
  readonly coverageMinTerms: number;
  readonly coverageCandidates: number;
  readonly usage: ((tool: CatalogTool) => string | undefined) | undefined;
}

function isAnalyzer(value: ToolAnalyzer | ToolAnalyzerOptions | undefined): value is ToolAnalyzer {
  return typeof value === 'object' && value !== null && typeof (value as ToolAnalyzer).analyzeTool === 'function';
}

function checkFieldKeys(name: string, record: object | undefined): void {
  if (record === undefined) return;
  for (const key of Object.keys(record)) {
    if (!(TOOL_FIELDS as readonly string[]).includes(key)) {
      throw createLoadoutError('invalid-option', `@loadout/bm25: ${name} has an unknown field ${describeValue(key)} (fields: ${TOOL_FIELDS.join(', ')})`, {
        option: name,
        value: key,
      });
    }
  }
}

/** Validates options and applies defaults; throws `invalid-option` naming the bad value. */
export function resolveBm25Options(options: Bm25RankerOptions): ResolvedBm25Options {
  if (options.usage !== undefined && typeof options.usage !== 'function') {
    throw createLoadoutError('invalid-option', `@loadout/bm25: usage must be a function of a tool (got ${describeValue(options.usage)})`, { option: 'usage', value: options.usage });
  }
  checkFieldKeys('fieldWeights', options.fieldWeights);
  checkFieldKeys('fieldB', options.fieldB);
  const k1 = numberOption('@loadout/bm25', 'k1', options.k1, 2.0, 0, 10);
  const baseB = numberOption('@loadout/bm25', 'b', options.b, 0.6, 0, 1);
  const fieldB: Partial<Record<ToolField, number>> = { name: 0.9, usage: 0.2, ...options.fieldB };
  const weights = new Float64Array(TOOL_FIELDS.length);
  const b = new Float64Array(TOOL_FIELDS.length);
  TOOL_FIELDS.forEach((field, index) => {
    weights[index] = numberOption('@loadout/bm25', `fieldWeights.${field}`, options.fieldWeights?.[field], DEFAULT_FIELD_WEIGHTS[field], 0, 100);
    b[index] = numberOption('@loadout/bm25', `fieldB.${field}`, fieldB[field], baseB, 0, 1);
  });
  if (TOOL_FIELDS.every((field, index) => weights[index] === 0 || (field === 'usage' && options.usage === undefined))) {
    throw createLoadoutError('invalid-option', '@loadout/bm25: fieldWeights gives every field weight 0, so no tool can match; keep at least one above 0', { option: 'fieldWeights' });
  }
  const multiIntent = options.multiIntent ?? 'clause-fusion';
  if (multiIntent !== 'clause-fusion' && multiIntent !== 'off') {
    throw createLoadoutError('invalid-option', `@loadout/bm25: multiIntent must be "clause-fusion" or "off" (got ${describeValue(multiIntent)})`, {
      option: 'multiIntent',
      value: multiIntent,
    });
  }
  const coverage = options.coverage ?? 'clauses';
  if (coverage !== 'clauses' && coverage !== 'xquad' && coverage !== 'off') {
    throw createLoadoutError('invalid-option', `@loadout/bm25: coverage must be "clauses", "xquad" or "off" (got ${describeValue(coverage)})`, {
      option: 'coverage',
      value: coverage,
    });
  }
  if (options.completeLastWord !== undefined && typeof options.completeLastWord !== 'boolean') {
    throw createLoadoutError('invalid-option', `@loadout/bm25: completeLastWord must be true or false (got ${describeValue(options.completeLastWord)})`, {
      option: 'completeLastWord',
      value: options.completeLastWord,
    });
  }
  const prefixWeight = numberOption('@loadout/bm25', 'prefixWeight', options.prefixWeight, 0.9, 0, 1);
  const prefixMinLength = integerOption('@loadout/bm25', 'prefixMinLength', options.prefixMinLength, 4, 2, 32);
  return {
    prefix: prefixWeight > 0 ? { weight: prefixWeight, minLength: prefixMinLength } : undefined,
    completeLastWord: options.completeLastWord ?? false,
    analyzer: isAnalyzer(options.analyzer) ? options.analyzer : createToolAnalyzer(options.analyzer),
    weights,
    b,
    k1,
    multiIntent,
    clauseWeight: numberOption('@loadout/bm25', 'clauseWeight', options.clauseWeight, 1.0, 0, 10),
    coverage,
    coverageWeight: numberOption('@loadout/bm25', 'coverageWeight', options.coverageWeight, 0.5, 0, 1),
    clauseCoveredCredit: numberOption('@loadout/bm25', 'clauseCoveredCredit', options.clauseCoveredCredit, 0.9, 0, 1),
    clauseCoveredShare: numberOption('@loadout/bm25', 'clauseCoveredShare', options.clauseCoveredShare, 0.95, 0, 1),
    sameServerBonus: numberOption('@loadout/bm25', 'sameServerBonus', options.sameServerBonus, 0, 0, 1),
    coverageMinTerms: Math.round(numberOption('@loadout/bm25', 'coverageMinTerms', options.coverageMinTerms, 10, 1, 1000)),
    coverageCandidates: Math.round(numberOption('@loadout/bm25', 'coverageCandidates', options.coverageCandidates, 50, 1, 1000)),
    usage: options.usage,
  };
}
