import type { Bm25RankerOptions } from '@loadout/bm25';
import type { OptionSpec, OptionsSchema } from '@loadout/core';

const weight = (field: string, value: number): OptionSpec => ({ type: 'number', min: 0, max: 100, default: value, description: `weight of the ${field}; 0 ignores it` });

/** BM25F's field weights, as `fieldWeights` takes them (defaults: `@loadout/bm25`'s `DEFAULT_FIELD_WEIGHTS`; a test keeps them equal). */
const FIELD_WEIGHTS: OptionsSchema = {
  name: weight('tool name', 4),
  description: weight('description', 1),
  parameterNames: weight('argument names', 0.5),
  parameterDescriptions: weight('argument descriptions', 0.5),
  server: weight('server name', 0.25),
  // Any BM25F ranker takes it: loadout learn fills the field only for those that learn from usage (capabilities.usage), bm25.usage (code) for any.
  usage: weight('usage field (past queries that led to the tool: loadout learn fills it for a ranker that learns from usage, bm25.usage in code for any)', 1),
};

const unit = (description: string, value: number): OptionSpec => ({ type: 'number', min: 0, max: 1, default: value, description });

/**
 * Every key of `createBm25Ranker`'s options (`Bm25RankerOptions`), checked at
 * every level: an unknown key is `invalid-option`. Defaults are the
 * ranker's own (documented, not filled in). `analyzer` (options or code)
 * and `usage` (code; learning sets it for a ranker that learns from usage) are checked by `createBm25Ranker`.
 */
const BM25_PROPERTIES: OptionsSchema = {
  k1: { type: 'number', min: 0, max: 10, default: 2, description: 'term-frequency saturation (0: presence only)' },
  b: unit('length normalisation of every field without its own fieldB', 0.6),
  fieldWeights: { type: 'object', properties: FIELD_WEIGHTS, description: 'weight of each field, 0–100' },
  fieldB: {
    type: 'object',
    properties: Object.fromEntries(Object.keys(FIELD_WEIGHTS).map((field) => [field, unit(`length normalisation of ${field}`, field === 'name' ? 0.9 : field === 'usage' ? 0.2 : 0.6)])),
    description: 'length normalisation per field, overriding b',
  },
  multiIntent: { type: 'string', values: ['clause-fusion', 'off'], default: 'clause-fusion', description: 'scoring of multi-step requests' },
  clauseWeight: { type: 'number', min: 0, max: 10, default: 1, description: 'weight of the best clause in clause fusion' },
  prefixWeight: unit('weight of prefix matches (0 turns them off)', 0.9),
  prefixMinLength: { type: 'integer', min: 2, max: 32, default: 4, description: 'shortest prefix that matches' },
  completeLastWord: { type: 'boolean', default: false, description: 'complete the last word of a query typed as it is searched (it also matches indexed words it starts)' },
  coverage: { type: 'string', values: ['clauses', 'xquad', 'off'], default: 'clauses', description: 'diversification of multi-step requests' },
  clauseCoveredCredit: unit('clauses coverage: credit kept for a clause already served', 0.9),
  clauseCoveredShare: unit("clauses coverage: share of a clause's best score at which a tool serves it", 0.95),
  coverageWeight: unit('coverage selection: 0 score order, 1 coverage only', 0.5),
  sameServerBonus: unit('bonus for a tool sharing a server with one picked before it', 0),
  coverageMinTerms: { type: 'integer', min: 1, max: 1000, default: 10, description: 'fewest distinct query terms for xquad coverage' },
  coverageCandidates: { type: 'integer', min: 1, max: 1000, default: 50, description: 'candidates coverage selection picks from' },
  analyzer: { type: 'any', description: "the tool-aware analyzer's options (stopwords, keepCompounds, splitDigits, maxCompoundLength, schemaDepth, stemming), or a ToolAnalyzer (code only); checked by the analyzer" },
  usage: { type: 'any', description: 'the usage field, tool => text (code only; loadout learn sets it for a ranker that learns from usage)' },
};

/**
 * The BM25F options of every ranker with a BM25F part: the knobs a
 * deployment turns (`k1`, `b`, `fieldWeights`) at the top level of its
 * `rankerOptions`, and `bm25` for the rest (its keys win over the knobs).
 */
export const BM25_OPTIONS: OptionsSchema = {
  k1: BM25_PROPERTIES['k1']!,
  b: BM25_PROPERTIES['b']!,
  fieldWeights: { type: 'object', properties: FIELD_WEIGHTS, description: 'weight of each field (name 4, description 1, parameterNames 0.5, parameterDescriptions 0.5, server 0.25, usage 1), 0–100' },
  bm25: { type: 'object', properties: BM25_PROPERTIES, description: 'every other createBm25Ranker option (its keys win over k1, b and fieldWeights)' },
};

/** The BM25F knobs of a ranker's options (see {@link BM25_OPTIONS}); a type, not an interface, so it stays a `Record<string, unknown>`. */
export type Bm25Knobs = {
  /** Term-frequency saturation. Default 2; 0–10. */
  readonly k1?: number;
  /** Length normalisation. Default 0.6; 0–1. */
  readonly b?: number;
  /** Weight of each field, 0–100. Default: `DEFAULT_FIELD_WEIGHTS`. */
  readonly fieldWeights?: Bm25RankerOptions['fieldWeights'];
};

/** The top-level knobs and `bm25` merged into `createBm25Ranker`'s options; undefined when none is given. */
export function bm25OptionsOf(options: Bm25Knobs & { readonly bm25?: Bm25RankerOptions }): Bm25RankerOptions | undefined {
  const { k1, b, fieldWeights, bm25 } = options;
  if (k1 === undefined && b === undefined && fieldWeights === undefined) return bm25;
  return {
    ...(k1 === undefined ? {} : { k1 }),
    ...(b === undefined ? {} : { b }),
    ...bm25,
    ...(fieldWeights === undefined && bm25?.fieldWeights === undefined ? {} : { fieldWeights: { ...fieldWeights, ...bm25?.fieldWeights } }),
  };
}
