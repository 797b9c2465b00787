import type { CatalogTool } from '@loadout/core';
import { createLoadoutError, describeValue } from '@loadout/core';
import { createTokenChunks, integerOption, splitAsciiIdentifiers, splitIdentifiers } from '@loadout/core/utils';
import type { SplitIdentifiersOptions } from '@loadout/core/utils';
import { registerQueryChunker } from './query-chunks.js';
import { DEFAULT_STOPWORDS } from './stopwords.js';
import { stripPlural, stripPlurals } from './strip-plural.js';
import { TOOL_FIELDS, extractToolFields } from './tool-fields.js';
import type { ToolField, ToolFieldTexts } from './tool-fields.js';

/** Options of {@link createToolAnalyzer}. */
export interface ToolAnalyzerOptions {
  /** Words dropped from queries (tool text keeps them). Default {@link DEFAULT_STOPWORDS}; pass `[]` to keep every word. */
  readonly stopwords?: Iterable<string>;
  /** Also index multi-word identifiers joined (`find_symbol` → `findsymbol`). Default true. */
  readonly keepCompounds?: boolean;
  /** Split letters from digits (`oauth2` → `oauth`, `2`). Default true. */
  readonly splitDigits?: boolean;
  /** Longest compound token kept, in characters. Default 48; range 2–1,000. */
  readonly maxCompoundLength?: number;
  /** Levels of `inputSchema.properties` read for parameter fields (1 = top level only). Default 3; range 1–10. */
  readonly schemaDepth?: number;
  /**
   * Stemming of tool text and queries alike: `plural` maps English plurals to
   * their singular (see {@link stripPlural}; why it is the default:
   * `docs/decisions/0040-plural-stemming.md`), `off` keeps words as written. Stopwords are matched before stemming. Default `plural`.
   */
  readonly stemming?: 'plural' | 'off';
}

/** The tokens of each field of one tool. */
export type ToolFieldTokens = Record<ToolField, string[]>;

/**
 * Turns tool text and queries into tokens: lower case, identifiers split
 * (see {@link splitIdentifiers}), plurals reduced to the singular unless
 * `stemming: 'off'`. Stateless and deterministic.
 */
export interface ToolAnalyzer {
  /**
   * Identifies the index-time settings (`v2;c1;d1;m48;s3;p1`; v2 reads Han, kana and Hangul as character pairs): two analyzers with the
   * same signature produce the same tool tokens. Stored in serialised indexes.
   */
  readonly signature: string;
  /** Tokens of tool text: every word and compound, stopwords kept. */
  analyzeText(text: string): string[];
  /** Tokens of a query: as {@link analyzeText}, minus stopwords. */
  analyzeQuery(text: string): string[];
  /** The text of each field of a tool (see {@link extractToolFields}), before tokenising. */
  fieldTexts(tool: CatalogTool): ToolFieldTexts;
  /** The tokens of each field of a tool. */
  analyzeTool(tool: CatalogTool): ToolFieldTokens;
}

const nonAscii = /[^\x00-\x7f]/;

/** Per analyzer signature, the field tokens of the frozen tools analysed so far (dropped with the tools): indexing a catalog again, as learning does for each usage field it judges, does not split its text again. */
const ANALYSED = new Map<string, WeakMap<CatalogTool, ToolFieldTokens>>();

/** The keys {@link ToolAnalyzerOptions} has. */
const OPTION_KEYS = ['stopwords', 'keepCompounds', 'splitDigits', 'maxCompoundLength', 'schemaDepth', 'stemming'];

/** Throws `invalid-option` naming option `name` of the analyzer and what it must be. */
function invalid(name: string, must: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `@loadout/bm25: analyzer ${name} must be ${must} (got ${describeValue(value)})`, { option: `analyzer.${name}`, value });
}

function booleanOption(name: string, value: unknown): boolean {
  if (value !== undefined && typeof value !== 'boolean') invalid(name, 'true or false', value);
  return value ?? true;
}

/** Creates the analyzer shared by the BM25F and wink rankers; options it does not have, or of the wrong type, throw `invalid-option`. */
export function createToolAnalyzer(options: ToolAnalyzerOptions = {}): ToolAnalyzer {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw createLoadoutError('invalid-option', `@loadout/bm25: analyzer must be a ToolAnalyzer or its options, an object (got ${describeValue(options)})`, { option: 'analyzer' });
  }
  const unknown = Object.keys(options).find((key) => !OPTION_KEYS.includes(key));
  if (unknown !== undefined) {
    throw createLoadoutError('invalid-option', `@loadout/bm25: analyzer has no option ${describeValue(unknown)} (it has ${OPTION_KEYS.join(', ')})`, { option: `analyzer.${unknown}` });
  }
  // Read once: a one-shot iterable (a generator) would be empty the second time.
  const given: unknown = options.stopwords;
  const iterable = typeof given !== 'string' && typeof (given as Partial<Iterable<unknown>> | null | undefined)?.[Symbol.iterator] === 'function';
  const words = given === undefined ? DEFAULT_STOPWORDS : iterable ? [...(given as Iterable<unknown>)] : undefined;
  if (words === undefined || !words.every((word) => typeof word === 'string')) invalid('stopwords', 'a list of words', given);
  const split: SplitIdentifiersOptions = {
    keepCompounds: booleanOption('keepCompounds', options.keepCompounds),
    splitDigits: booleanOption('splitDigits', options.splitDigits),
    maxCompoundLength: integerOption('@loadout/bm25', 'maxCompoundLength', options.maxCompoundLength, 48, 2, 1000),
  };
  const schemaDepth = integerOption('@loadout/bm25', 'schemaDepth', options.schemaDepth, 3, 1, 10);
  const stemming = options.stemming ?? 'plural';
  if (stemming !== 'plural' && stemming !== 'off') {
    throw createLoadoutError('invalid-option', `@loadout/bm25: stemming must be "plural" or "off" (got ${describeValue(stemming)})`, {
      option: 'stemming',
      value: stemming,
    });
  }
  const stem = stemming === 'plural';
  const stopwords = new Set<string>();
  for (const word of words as readonly string[]) stopwords.add(word.toLowerCase());
  const analyzeText = (text: string): string[] => (stem ? stripPlurals(splitIdentifiers(text, split)) : splitIdentifiers(text, split));
  const signature = `v2;c${split.keepCompounds ? 1 : 0};d${split.splitDigits ? 1 : 0};m${split.maxCompoundLength};s${schemaDepth}${stem ? ';p1' : ''}`;
  let analysed = ANALYSED.get(signature);
  if (analysed === undefined) ANALYSED.set(signature, (analysed = new WeakMap()));
  const analyzer: ToolAnalyzer = {
    // `;p1` only when stemming.
    signature,
    analyzeText,
    analyzeQuery(text) {
      const tokens = splitIdentifiers(text, split);
      let kept = 0;
      for (const token of tokens) if (!stopwords.has(token)) tokens[kept++] = stem ? stripPlural(token) : token;
      tokens.length = kept;
      return tokens;
    },
    fieldTexts: (tool) => extractToolFields(tool, schemaDepth),
    analyzeTool(tool) {
      const known = analysed.get(tool);
      if (known !== undefined) return { ...known };
      const texts = extractToolFields(tool, schemaDepth);
      const result = {} as ToolFieldTokens;
      for (const field of TOOL_FIELDS) result[field] = analyzeText(texts[field]);
      // A frozen tool (every catalog's) cannot change, so its tokens are kept for the next index of it by an analyzer of the same signature.
      if (Object.isFrozen(tool)) analysed.set(tool, { ...result });
      return result;
    },
  };
  const chunks = createTokenChunks();
  let stop = new Uint8Array(64);
  registerQueryChunker(analyzer, (text) => {
    if (nonAscii.test(text)) return undefined;
    const tokens = splitAsciiIdentifiers(text, split, chunks);
    if (stop.length < tokens.length) stop = new Uint8Array(Math.max(tokens.length, stop.length * 2));
    for (let index = 0; index < tokens.length; index++) stop[index] = stopwords.has(tokens[index]!) ? 1 : 0;
    if (stem) stripPlurals(tokens);
    return { tokens, stop, chunks };
  });
  return analyzer;
}
