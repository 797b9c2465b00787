import { CLAUSE_VERBS, splitClauses } from '@loadout/bm25';
import type { Variant } from './run-parity.js';
import { MORE_VERBS, SHIPPED_SPLITTER, createSplitter } from './clause-splitters.js';

const splitter = (knobs: Partial<typeof SHIPPED_SPLITTER>) => createSplitter({ ...SHIPPED_SPLITTER, ...knobs });
const S = { stem: 's' } as const;

const bySentence = (text: string): string[] => text.split(/(?<=[.!?])\s+|[;\n]+/).map((part) => part.trim()).filter((part) => part.length > 0);
const atCommas = (text: string): string[] => splitClauses(text).flatMap((clause) => clause.split(/,\s*/)).filter((part) => part.trim().length > 0);
const atAnd = (text: string): string[] => splitClauses(text).flatMap((clause) => clause.split(/\band\b/i)).filter((part) => part.trim().length > 0);

/** The variants tried; `shipped` is the reference row every Δ is against. */
export const VARIANTS: readonly Variant[] = [
  { name: 'shipped' },
  { name: 'shipped-analyzer', knobs: 'shipped-analyzer' },
  { name: 'no-fusion', scoring: { lambda: 0 } },
  { name: 'lambda-1.5', scoring: { lambda: 1.5 } },
  { name: 'query-tf', scoring: { dedupQuery: false } },
  { name: 'idf-classic', scoring: { idf: 'classic' } },
  { name: 'per-field-saturation', scoring: { saturation: 'per-field' } },
  { name: 'average-nonempty', scoring: { average: 'nonEmpty' } },
  { name: 'clause-norm-full', scoring: { clauseNorm: 'full' } },
  { name: 'no-compounds', knobs: { compounds: false } },
  { name: 'keep-original', knobs: { keepOriginal: true } },
  { name: 'digits-kept', knobs: { splitDigits: false } },
  { name: 'plain-prose', knobs: { identifierFields: 'names' } },
  { name: 'doc-stopwords', knobs: { documentStopwords: true } },
  { name: 'min-length-2', knobs: { minLength: 2 } },
  { name: 'stem-s', knobs: { stem: 's' } },
  { name: 'schema-depth-1', knobs: { schemaDepth: 1 } },
  { name: 'name-last-segment', knobs: { name: 'last-segment' } },
  { name: 'name-last-segment-lambda-1.5', knobs: { name: 'last-segment' }, scoring: { lambda: 1.5 } },
  { name: 'name-last-segment-no-fusion', knobs: { name: 'last-segment' }, scoring: { lambda: 0 } },
  { name: 'query-plain', knobs: { query: 'plain' } },
  { name: 'clauses-sentences', scoring: { clauses: bySentence } },
  { name: 'clauses-commas', scoring: { clauses: atCommas } },
  { name: 'clauses-and', scoring: { clauses: atAnd } },
  { name: 'stem-s-name-last-segment', knobs: { stem: 's', name: 'last-segment' } },
  { name: 'stem-s-name-last-segment-lambda-1.5', knobs: { stem: 's', name: 'last-segment' }, scoring: { lambda: 1.5 } },
  { name: 'stem-harman', knobs: { stem: 'harman' } },
  { name: 'stem-s-doc-stopwords', knobs: { stem: 's', documentStopwords: true } },
  { name: 'stem-s-min-length-2', knobs: { stem: 's', minLength: 2 } },
  { name: 'stem-s-average-nonempty', knobs: { stem: 's' }, scoring: { average: 'nonEmpty' } },
  { name: 'stem-s-lambda-1.5', knobs: { stem: 's' }, scoring: { lambda: 1.5 } },
  { name: 'stem-s-lambda-0.5', knobs: { stem: 's' }, scoring: { lambda: 0.5 } },
  { name: 'stem-s-no-fusion', knobs: { stem: 's' }, scoring: { lambda: 0 } },
  { name: 'stem-s-query-plain', knobs: { stem: 's', query: 'plain' } },
  { name: 'S-splitter-copy', knobs: S, scoring: { clauses: splitter({}) } },
  { name: 'S-more-verbs', knobs: S, scoring: { clauses: splitter({ verbs: [...CLAUSE_VERBS, ...MORE_VERBS] }) } },
  { name: 'S-no-markers', knobs: S, scoring: { clauses: splitter({ stripMarkers: false }) } },
  { name: 'S-as-well-as', knobs: S, scoring: { clauses: splitter({ phrases: ['as well as'] }) } },
  { name: 'S-and-always', knobs: S, scoring: { clauses: splitter({ connectives: ['then', 'also', 'and'] }) } },
  { name: 'S-no-verb-and', knobs: S, scoring: { clauses: splitter({ verbAfterAnd: false }) } },
  { name: 'S-no-verb-comma', knobs: S, scoring: { clauses: splitter({ verbAfterComma: false }) } },
  { name: 'S-no-connectives', knobs: S, scoring: { clauses: splitter({ connectives: [] }) } },
  { name: 'S-more-connectives', knobs: S, scoring: { clauses: splitter({ connectives: ['then', 'also', 'additionally', 'finally', 'lastly', 'next', 'afterwards', 'furthermore', 'moreover'] }) } },
  { name: 'S-clause-sum', knobs: S, scoring: { clauseCombine: 'sum' } },
  { name: 'S-clause-min-2', knobs: S, scoring: { clauseMinTerms: 2 } },
  { name: 'S-clause-min-3', knobs: S, scoring: { clauseMinTerms: 3 } },
  { name: 'S-name-b-0.75', knobs: S, scoring: { b: [0.75, 0.6, 0.6, 0.6, 0.6] } },
  { name: 'S-name-b-1', knobs: S, scoring: { b: [1, 0.6, 0.6, 0.6, 0.6] } },
  { name: 'S-k1-1.2', knobs: S, scoring: { k1: 1.2 } },
  { name: 'S-k1-3', knobs: S, scoring: { k1: 3 } },
  { name: 'S-b-0.75', knobs: S, scoring: { b: [0.9, 0.75, 0.75, 0.75, 0.75] } },
  { name: 'S-b-0.4', knobs: S, scoring: { b: [0.9, 0.4, 0.4, 0.4, 0.4] } },
];
