import type { CatalogTool, RankerSearchOptions, SearchHit, SyncRanker } from '@loadout/core';
import { numberOption } from '@loadout/core/utils';
import createWinkEngine from 'wink-bm25-text-search';
import { createToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import type { ToolAnalyzer, ToolAnalyzerOptions } from '../analyzer/create-tool-analyzer.js';
import { TOOL_FIELDS } from '../analyzer/tool-fields.js';
import type { ToolField } from '../analyzer/tool-fields.js';
import { DEFAULT_FIELD_WEIGHTS } from '../bm25f/bm25-options.js';
import { readSearchLimit } from '../shared/search-limit.js';
import { mergeTools, withoutTools } from '../shared/tool-list.js';

/** Options of {@link createWinkBm25Ranker}. */
export interface WinkBm25RankerOptions {
  /** The analyzer, or options for one. Default: `createToolAnalyzer()`. */
  readonly analyzer?: ToolAnalyzer | ToolAnalyzerOptions;
  /** Weight of each field; missing fields keep their default ({@link DEFAULT_FIELD_WEIGHTS}). Each 0–100; 0 leaves the field out. */
  readonly fieldWeights?: Partial<Record<ToolField, number>>;
  /** Term-frequency saturation. Default 2.0; range 0–10. */
  readonly k1?: number;
  /** Length normalisation, one value for all fields (the library has no per-field `b`). Default 0.6; range 0–1. */
  readonly b?: number;
}

const POSITION_FIELD = 'position';
/**
 * The library runs one pipeline for documents and queries (its `search`
 * pipeline must be a weighted field), so queries arrive pre-analysed,
 * tokens joined by this marker, which tool text never starts with.
 */
const ANALYSED = '\u0000';

function isAnalyzer(value: ToolAnalyzer | ToolAnalyzerOptions | undefined): value is ToolAnalyzer {
  return typeof value === 'object' && value !== null && typeof (value as ToolAnalyzer).analyzeTool === 'function';
}

/**
 * A reference ranker named `wink-bm25` on `wink-bm25-text-search`, with the
 * same analyzer and field weights as `bm25f`, for benchmarks. The library
 * cannot add documents after `consolidate()`, so `add` and `remove` only
 * update the tool list and the whole engine is rebuilt before the next
 * search. It needs at least 3 documents, so catalogs of 1–2 tools are padded
 * with empty documents (which shifts IDF slightly). Scores are rounded to
 * 4 decimals by the library; ties rank in tool-list order.
 */
export function createWinkBm25Ranker(options: WinkBm25RankerOptions = {}): SyncRanker {
  const analyzer = isAnalyzer(options.analyzer) ? options.analyzer : createToolAnalyzer(options.analyzer);
  const k1 = numberOption('@loadout/bm25', 'k1', options.k1, 2.0, 0, 10);
  const b = numberOption('@loadout/bm25', 'b', options.b, 0.6, 0, 1);
  const weights: Record<string, number> = {};
  for (const field of TOOL_FIELDS) {
    // Usage is a BM25F feature; tool text never has any.
    if (field === 'usage') continue;
    const weight = numberOption('@loadout/bm25', `fieldWeights.${field}`, options.fieldWeights?.[field], DEFAULT_FIELD_WEIGHTS[field], 0, 100);
    if (weight > 0) weights[field] = weight;
  }
  const fields = Object.keys(weights) as ToolField[];
  let tools: CatalogTool[] = [];
  let engine: ReturnType<typeof createWinkEngine> | null = null;

  const build = (): ReturnType<typeof createWinkEngine> => {
    const next = createWinkEngine();
    next.defineConfig({ fldWeights: weights, bm25Params: { k1, b, k: 1 }, ovFldNames: [POSITION_FIELD] });
    next.definePrepTasks([(text) => (text.startsWith(ANALYSED) ? text.slice(1).split(ANALYSED) : analyzer.analyzeText(text))]);
    const empty: Record<string, string> = { [POSITION_FIELD]: '-1' };
    for (const field of fields) empty[field] = '';
    tools.forEach((tool, position) => {
      const texts = analyzer.fieldTexts(tool);
      const doc: Record<string, string> = { [POSITION_FIELD]: String(position) };
      for (const field of fields) doc[field] = texts[field];
      next.addDoc(doc, position);
    });
    for (let padding = tools.length; padding < 3; padding++) next.addDoc(empty, -1 - padding);
    next.consolidate();
    return next;
  };

  return {
    specificationVersion: 'v1',
    name: 'wink-bm25',
    get size() {
      return tools.length;
    },
    index(nextTools) {
      tools = mergeTools([], nextTools);
      engine = tools.length === 0 ? null : build();
    },
    add(added) {
      if (added.length === 0) return;
      tools = mergeTools(tools, added);
      engine = null;
    },
    remove(displayNames) {
      const next = withoutTools(tools, displayNames);
      if (next.length === tools.length) return;
      tools = next;
      engine = null;
    },
    search(query: string, searchOptions: RankerSearchOptions = {}): readonly SearchHit[] {
      const limit = readSearchLimit(searchOptions.limit, 'wink-bm25');
      if (tools.length === 0) return [];
      engine ??= build();
      const { filter } = searchOptions;
      const accept = (values: Record<string, string>): boolean => {
        const position = Number(values[POSITION_FIELD]);
        return position >= 0 && (filter === undefined || filter(tools[position]!));
      };
      const tokens = [...new Set(analyzer.analyzeQuery(query))];
      if (tokens.length === 0) return [];
      const results = engine.search(ANALYSED + tokens.join(ANALYSED), Math.min(limit, tools.length), accept);
      const queryTerms = searchOptions.explain === true ? tokens : undefined;
      return results.map(([id, score]): SearchHit => {
        const tool = tools[Number(id)]!;
        if (queryTerms === undefined) return { tool, score };
        const toolTerms = new Set(Object.values(analyzer.analyzeTool(tool)).flat());
        return {
          tool,
          score,
          explanation: {
            matchedTerms: queryTerms.filter((term) => toolTerms.has(term)),
            fields: {},
            components: { winkBm25: score },
            notes: [],
          },
        };
      });
    },
  };
}
