// The parity study: variants of the reference BM25F + clause fusion on the
// dev halves, one R@5 table. Run: `pnpm --filter @loadout/benchmarks parity [-- --sets a,b --match regex]`.
import { parseArgs } from 'node:util';
import { createEvalCatalog, listEvalSets, loadEvalSet, scoreQuery } from '@loadout/eval';
import type { EvalSet } from '@loadout/eval';
import type { CatalogTool } from '@loadout/core';
import { splitClauses } from '@loadout/bm25';
import { buildVariantIndex, createVariantSearch } from './reference-bm25f.js';
import type { VariantIndex, VariantScoring } from './reference-bm25f.js';
import { SHIPPED_KNOBS, knobAnalysis, shippedAnalysis } from './variant-analysis.js';
import type { TokenizerKnobs } from './variant-analysis.js';
import { VARIANTS } from './variants.js';
import { resolveDataDir } from '../paths.js';

/** The shipped scoring, in reference form. */
export const SHIPPED_SCORING: VariantScoring = {
  weights: [4, 1, 0.5, 0.5, 0.25],
  b: [0.9, 0.6, 0.6, 0.6, 0.6],
  k1: 2,
  idf: 'plus1',
  saturation: 'bm25f',
  average: 'all',
  dedupQuery: true,
  clauses: splitClauses,
  lambda: 1,
  clauseNorm: 'clause',
  clauseCombine: 'max',
  clauseMinTerms: 1,
};

/** One variant of the study. */
export interface Variant {
  readonly name: string;
  /** Tokeniser knobs (default: shipped); `shipped-analyzer` uses the analyzer itself. */
  readonly knobs?: Partial<TokenizerKnobs> | 'shipped-analyzer';
  readonly scoring?: Partial<VariantScoring>;
}

const { values } = parseArgs({ options: { sets: { type: 'string' }, match: { type: 'string' }, data: { type: 'string' }, misses: { type: 'boolean' } }, args: process.argv.slice(2).filter((arg) => arg !== '--') });
const { dataDir } = resolveDataDir(values.data);
const wanted = values.sets?.split(',');
const match = values.match === undefined ? undefined : new RegExp(values.match);
const sets = (await listEvalSets(dataDir)).filter((set) => set.splits.includes('dev') && (wanted === undefined || wanted.includes(set.name)));
const variants = VARIANTS.filter((variant) => match === undefined || match.test(variant.name) || variant.name === 'shipped');

const loaded: { set: EvalSet; tools: readonly CatalogTool[] }[] = [];
for (const info of sets) {
  const set = await loadEvalSet(info.directory, { split: 'dev' });
  loaded.push({ set, tools: createEvalCatalog(set).tools });
}

const table = new Map<string, Map<string, number>>();
for (const { set, tools } of loaded) {
  const indexes = new Map<string, VariantIndex>();
  for (const variant of variants) {
    const key = variant.knobs === 'shipped-analyzer' ? 'analyzer' : JSON.stringify({ ...SHIPPED_KNOBS, ...variant.knobs });
    let index = indexes.get(key);
    if (index === undefined) {
      const analysis = variant.knobs === 'shipped-analyzer' ? shippedAnalysis() : knobAnalysis({ ...SHIPPED_KNOBS, ...variant.knobs });
      index = buildVariantIndex(tools, analysis);
      indexes.set(key, index);
    }
    const scoring = { ...SHIPPED_SCORING, ...variant.scoring };
    const search = createVariantSearch(index, scoring);
    let recall = 0;
    for (const query of set.queries) {
      const ranked = search(query.query, 10);
      const value = scoreQuery(ranked, query)['recall@5'];
      recall += value;
      if (values.misses === true && value < 1) {
        const clauses = scoring.clauses(query.query);
        const missing = query.relevant.filter((name) => !ranked.slice(0, 5).includes(name));
        process.stdout.write(`MISS ${set.name} ${variant.name} r=${value.toFixed(2)} ${JSON.stringify(query.query)}\n  clauses: ${JSON.stringify(clauses)}\n  missing: ${missing.join(', ')}\n  top5: ${ranked.slice(0, 5).join(', ')}\n`);
      }
    }
    const value = (100 * recall) / set.queries.length;
    if (!table.has(variant.name)) table.set(variant.name, new Map());
    table.get(variant.name)!.set(set.name, value);
    process.stderr.write(`[parity] ${set.name} ${variant.name}: ${value.toFixed(1)}\n`);
  }
}
const names = loaded.map(({ set }) => set.name);
const base = table.get('shipped');
process.stdout.write(`| variant | ${names.join(' | ')} | Δ mean |\n| --- |${names.map(() => ' --- |').join('')} --- |\n`);
for (const [variant, row] of table) {
  const delta = names.reduce((sum, name) => sum + (row.get(name)! - (base?.get(name) ?? 0)), 0) / names.length;
  process.stdout.write(`| ${variant} | ${names.map((name) => row.get(name)!.toFixed(1)).join(' | ')} | ${delta >= 0 ? '+' : ''}${delta.toFixed(2)} |\n`);
}
