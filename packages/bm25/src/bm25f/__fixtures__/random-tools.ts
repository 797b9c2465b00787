import type { CatalogTool, ToolInput } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import fc from 'fast-check';
import type { ToolAnalyzer } from '../../analyzer/create-tool-analyzer.js';
import { TOOL_FIELDS } from '../../analyzer/tool-fields.js';

/** A small vocabulary, so random tools and queries overlap often. */
export const WORDS = ['send', 'read', 'email', 'file', 'list', 'slack', 'issue', 'create', 'delete', 'user', 'search', 'message', 'channel', 'repo', 'then'];

const word = fc.constantFrom(...WORDS);
const phrase = (max: number): fc.Arbitrary<string> => fc.array(word, { minLength: 0, maxLength: max }).map((words) => words.join(' '));

const nameWord = fc.constantFrom('send', 'read', 'list', 'email');

/** A random tool input; names come from 32 choices so replacements happen often. */
export const toolInput: fc.Arbitrary<ToolInput> = fc.record({
  name: fc.tuple(nameWord, nameWord).map(([a, b]) => `${a}_${b}`),
  server: fc.constantFrom('alpha', null),
  description: phrase(8),
  inputSchema: fc.dictionary(word, phrase(4), { maxKeys: 3 }).map((properties) => ({
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([key, description]) => [key, { type: 'string', description }])),
  })),
});

/** Random query text over the vocabulary (may contain "then" for clause fusion). */
export const queryText = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));

/** Tools with unique display names (later duplicates dropped). */
export function toTools(inputs: readonly ToolInput[]): CatalogTool[] {
  const seen = new Set<string>();
  const tools: CatalogTool[] = [];
  for (const input of inputs) {
    const tool = makeTool(input);
    if (seen.has(tool.displayName)) continue;
    seen.add(tool.displayName);
    tools.push(tool);
  }
  return tools;
}

/** Scoring parameters of the naive oracle, fields in `TOOL_FIELDS` order. */
export interface NaiveParameters {
  readonly weights: readonly number[];
  readonly b: readonly number[];
  readonly k1: number;
}

/**
 * BM25F written out directly from the formula, as an oracle: scores every
 * tool, in the ranker's term order, rounding the saturated frequency to
 * float32 as the ranker stores it. Returns [index, score] best first (ties by index).
 */
export function naiveBm25f(tools: readonly CatalogTool[], analyzer: ToolAnalyzer, query: string, parameters: NaiveParameters): [number, number][] {
  const fields = tools.map((tool) => analyzer.analyzeTool(tool));
  const count = tools.length;
  const average = TOOL_FIELDS.map((field) => {
    let sum = 0;
    for (const doc of fields) sum += doc[field].length;
    return sum / count;
  });
  const terms = [...new Set(analyzer.analyzeQuery(query))].filter((term) => fields.some((doc) => TOOL_FIELDS.some((field) => doc[field].includes(term))));
  const scores: [number, number][] = [];
  fields.forEach((doc, index) => {
    let score = 0;
    let matched = false;
    for (const term of terms) {
      const df = fields.filter((other) => TOOL_FIELDS.some((field) => other[field].includes(term))).length;
      let pseudo = 0;
      let present = false;
      TOOL_FIELDS.forEach((field, f) => {
        const tf = doc[field].filter((token) => token === term).length;
        if (tf > 0) present = true;
        const avg = average[f]!;
        const denominator = avg > 0 ? 1 - parameters.b[f]! + (parameters.b[f]! * doc[field].length) / avg : 1;
        pseudo += tf * (denominator > 0 ? parameters.weights[f]! / denominator : 0);
      });
      if (!present) continue;
      const saturated = Math.fround(pseudo > 0 ? (pseudo * (parameters.k1 + 1)) / (pseudo + parameters.k1) : 0);
      const idf = Math.log(1 + (count - df + 0.5) / (df + 0.5));
      score = matched ? score + idf * saturated : idf * saturated;
      matched = true;
    }
    if (matched && score > 0) scores.push([index, score]);
  });
  return scores.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}
