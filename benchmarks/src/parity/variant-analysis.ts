import type { CatalogTool } from '@loadout/core';
import { DEFAULT_STOPWORDS, createToolAnalyzer, extractToolFields } from '@loadout/bm25';
import { splitIdentifiers } from '@loadout/core/utils';
import type { VariantAnalysis } from './reference-bm25f.js';

/** Tokeniser knobs the parity study varies. */
export interface TokenizerKnobs {
  /** Also emit joined compounds (`find_symbol` → `findsymbol`). */
  readonly compounds: boolean;
  readonly splitDigits: boolean;
  /** Also emit each identifier chunk whole, lower-cased (`find_symbol`). */
  readonly keepOriginal: boolean;
  /** Identifier splitting in every field, or only in names/parameter names (plain words elsewhere). */
  readonly identifierFields: 'all' | 'names';
  /** Drop stopwords from tool text too, not only from queries. */
  readonly documentStopwords: boolean;
  /** Shortest token kept. */
  readonly minLength: number;
  /**
   * `s`: strip a plural `s` (`files` → `file`, `queries` → `query`; not `ss`, `us`, `is`); `harman`: Harman's S stemmer.
   * (Porter 2, tried once through wink-porter2-stemmer: 42.5 / 93.8 / 75.7 on livemcpbench / sealtools / toolbench_stb, below `s`.)
   */
  readonly stem: 'none' | 's' | 'harman';
  /** Levels of nested schema properties read. */
  readonly schemaDepth: number;
  /** What the server field holds. */
  readonly server: 'server' | 'none';
  readonly stopwords: readonly string[];
  /** Name field: the whole name, or only what follows its last `::` (the prefix is the server's). */
  readonly name: 'whole' | 'last-segment';
  /** Query tokens: identifier splitting as tool text, or plain lower-cased words. */
  readonly query: 'identifiers' | 'plain';
}

/** The shipped analyzer's behaviour, in knob form. */
export const SHIPPED_KNOBS: TokenizerKnobs = {
  compounds: true,
  splitDigits: true,
  keepOriginal: false,
  identifierFields: 'all',
  documentStopwords: false,
  minLength: 1,
  stem: 'none',
  schemaDepth: 3,
  server: 'server',
  stopwords: DEFAULT_STOPWORDS,
  name: 'whole',
  query: 'identifiers',
};

const chunkPattern = /[\p{L}\p{M}\p{N}]+(?:[_\-./:]+[\p{L}\p{M}\p{N}]+)*/gu;
const plainPattern = /[\p{L}\p{M}\p{N}]+/gu;

function stemS(token: string): string {
  if (token.length > 3 && token.endsWith('s') && !/(ss|us|is)$/.test(token)) return token.endsWith('ies') ? `${token.slice(0, -3)}y` : token.slice(0, -1);
  return token;
}

function harman(token: string): string {
  if (token.endsWith('ies') && !/[ea]ies$/.test(token)) return `${token.slice(0, -3)}y`;
  if (token.endsWith('es') && !/[aeo]es$/.test(token)) return token.slice(0, -1);
  if (token.endsWith('s') && !/[us]s$/.test(token)) return token.slice(0, -1);
  return token;
}

const STEMMERS = { none: (token: string) => token, s: stemS, harman };

/** An analysis from knobs; the shipped analyzer exactly when knobs equal {@link SHIPPED_KNOBS}. */
export function knobAnalysis(knobs: TokenizerKnobs): VariantAnalysis {
  const stopwords = new Set(knobs.stopwords);
  const stemmer = STEMMERS[knobs.stem];
  const split = { keepCompounds: knobs.compounds, splitDigits: knobs.splitDigits, maxCompoundLength: 48 };
  const identifiers = (text: string): string[] => {
    const tokens = splitIdentifiers(text, split);
    if (knobs.keepOriginal) {
      for (const match of text.matchAll(chunkPattern)) {
        const whole = match[0].toLowerCase();
        if (!tokens.includes(whole)) tokens.push(whole);
      }
    }
    return tokens;
  };
  const plain = (text: string): string[] => [...text.toLowerCase().matchAll(plainPattern)].map((match) => match[0]);
  const finish = (tokens: string[], dropStopwords: boolean): string[] => {
    const out: string[] = [];
    for (const raw of tokens) {
      if (raw.length < knobs.minLength) continue;
      if (dropStopwords && stopwords.has(raw)) continue;
      out.push(stemmer(raw));
    }
    return out;
  };
  return {
    documentTokens(tool: CatalogTool) {
      const texts = extractToolFields(tool, knobs.schemaDepth);
      const prose = knobs.identifierFields === 'all' ? identifiers : plain;
      const cut = texts.name.lastIndexOf('::');
      const name = knobs.name === 'last-segment' && cut >= 0 ? texts.name.slice(cut + 2) : texts.name;
      return [
        finish(identifiers(name), knobs.documentStopwords),
        finish(prose(texts.description), knobs.documentStopwords),
        finish(identifiers(texts.parameterNames), knobs.documentStopwords),
        finish(prose(texts.parameterDescriptions), knobs.documentStopwords),
        knobs.server === 'none' ? [] : finish(identifiers(texts.server), knobs.documentStopwords),
      ];
    },
    queryTokens: (text) => finish(knobs.query === 'plain' ? plain(text) : identifiers(text), true),
  };
}

/** The shipped analyzer itself (to check the reference reproduces the shipped figures). */
export function shippedAnalysis(): VariantAnalysis {
  const analyzer = createToolAnalyzer();
  return {
    documentTokens(tool) {
      const fields = analyzer.analyzeTool(tool);
      return [fields.name, fields.description, fields.parameterNames, fields.parameterDescriptions, fields.server];
    },
    queryTokens: (text) => analyzer.analyzeQuery(text),
  };
}
