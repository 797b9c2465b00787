import type { CatalogTool } from '../catalog/tool.js';
import { createLoadoutError } from '../errors/loadout-error.js';
import { parseToolQuery } from '../query/index.js';
import type { MaybePromise, Ranker, RankerSearchOptions, ScoreExplanation, SearchHit, SyncRanker } from './ranker.js';
import { thenMaybe as then } from '../utils/maybe-promise.js';
import { trackIndexedTools } from './indexed-tools.js';
import { unicodeClass } from '../utils/unicode-classes.js';
import { containsWords, toCompactNameKey, toNameKey, toolNameKeys, toolTextKey } from './tool-name-match.js';
import { exactNameHits } from './exact-name-hits.js';
import { identifierTokens, toolSpellings } from './identifier-tokens.js';

/** Options of {@link withQuerySyntax}. */
export interface QuerySyntaxOptions {
  /** Longest query accepted, in characters; longer throws `query-too-long`. Default 500 (the documented limit); a positive integer. */
  readonly maxQueryLength?: number;
  /**
   * Rank the tools a query names exactly first: the whole query
   * (`find_symbol`, `find symbol`, `mcp__srv__find_symbol`) or an identifier
   * in it (`create_branch for this change`). Default true.
   */
  readonly exactNameFirst?: boolean;
}

type Filter = (tool: CatalogTool) => boolean;

/** A query ending in white space: its last word is typed out. */
const ENDS_IN_SPACE = /\s$/;

const DEFAULT_LIMIT = 5;
/** Required terms without a letter (`+1 555-0100`, `+44`) are phone numbers or votes, not constraints. */
const hasLetter = new RegExp(`[${unicodeClass('upper', 'lower', 'title', 'otherLetter')}]`, 'u');

function both(first: Filter | undefined, second: Filter | undefined): Filter | undefined {
  if (first === undefined) return second;
  if (second === undefined) return first;
  return (tool) => first(tool) && second(tool);
}

function annotate(hit: SearchHit, score: number, notes: readonly string[], components: Record<string, number>, explain: boolean): SearchHit {
  if (!explain) return { tool: hit.tool, score };
  const base: ScoreExplanation = hit.explanation ?? { matchedTerms: [], fields: {}, components: {}, notes: [] };
  return {
    tool: hit.tool,
    score,
    explanation: {
      matchedTerms: base.matchedTerms,
      fields: base.fields,
      components: { ...base.components, ...components },
      notes: [...base.notes, ...notes],
    },
  };
}

function emptyExplanation(notes: readonly string[], components: Record<string, number>): ScoreExplanation {
  return { matchedTerms: [], fields: {}, components, notes };
}

/**
 * Wraps a ranker so every query form of the spec works the same whatever
 * the ranker (same `name`, same index; `index`/`add`/`remove` pass through,
 * and the wrapper tracks the tools so it must see them: wrap before indexing):
 *
 * - `select:a,b` returns exactly the named tools, in the order named,
 *   matched case-insensitively by display name, own name or API name (a
 *   name several servers share selects all of them). It is not cut to
 *   `limit`; tools rejected by `filter` are left out; names matching no
 *   tool throw `unknown-tool` listing them all.
 * - `+term` keeps only tools whose text (names, server, description,
 *   argument names and descriptions) contains every required term, compared
 *   as lower-case word sequences (`+slack`, `+"find symbol"`; the last word
 *   may be a prefix). The filter is handed to the inner ranker, so it ranks
 *   only qualifying tools; when it returns fewer than `limit`, other
 *   qualifying tools follow in catalog order. Terms without a letter
 *   (`+1 555 0100`, `+44`) are ignored: they are phone numbers, not filters.
 * - A query that names a tool (`find_symbol`, `find symbol`, `findSymbol`,
 *   `mcp__srv__find_symbol`, run-together `get vrgame` for `getVRGame`:
 *   the last segment of a namespaced name, `articles/list` for
 *   `Morning Star::articles/list`: equal words once word breaks are
 *   ignored, see `toolNameKeys`) ranks it first; tools of several servers
 *   sharing the name (`write_file` for `filesystem::write_file` and
 *   `desktop::write_file`) all go first, in the inner ranker's order, the
 *   rest follow. So does a token of a longer query written as an identifier
 *   (`create_branch for this change`, `ship mcp__github__create_branch`:
 *   `_`, `.`, `::` or `-` between word characters, or camelCase; see
 *   `identifierTokens`) that is spelled as a tool's name or last segment,
 *   up to case (`toolSpellings`); plain words never are. Every tool the
 *   query names, as a whole or by its identifiers, goes first, in the
 *   inner ranker's order. Named tools and the rest come from one inner search of
 *   `limit` + the number named (a named tool it misses is searched for
 *   alone), so their scores are computed over one set.
 *
 * A ranker whose `queryKind` is `pattern` (a regular expression) is
 * returned unchanged: its query is a pattern, and none of these forms apply.
 *
 * The inner ranker gets the keyword text trimmed, with one space at its end
 * when the query ended in white space (a word typed out, not one being
 * typed: see BM25F's `completeLastWord`).
 *
 * Query length limits and empty queries throw through `parseToolQuery`.
 * With `explain`, hits carry notes `selected by name`, `exact name match`
 * and `required term "<term>"`, and components `select` / `exactName`. An
 * exact-name hit's score is the inner ranker's score plus its `exactName`
 * component, the one bonus that lifts every named tool above the best
 * other tool (see `exactNameHits`), so its components add up to its score
 * whenever the inner ranker's do.
 */
export function withQuerySyntax(ranker: SyncRanker, options?: QuerySyntaxOptions): SyncRanker;
export function withQuerySyntax(ranker: Ranker, options?: QuerySyntaxOptions): Ranker;
export function withQuerySyntax(ranker: Ranker, options: QuerySyntaxOptions = {}): Ranker {
  if (ranker.queryKind === 'pattern') return ranker;
  const maxLength = options.maxQueryLength ?? 500;
  const exactNameFirst = options.exactNameFirst ?? true;
  let byName: Map<string, CatalogTool[]> | null = null;
  let byNameKey: Map<string, CatalogTool[]> | null = null;
  let bySpelling: Map<string, CatalogTool[]> | null = null;
  const textKeys = new WeakMap<CatalogTool, string>();

  const indexed = trackIndexedTools(ranker, () => {
    byName = null;
    byNameKey = null;
    bySpelling = null;
  });
  const push = (map: Map<string, CatalogTool[]>, key: string, tool: CatalogTool): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [tool]);
    else if (!list.includes(tool)) list.push(tool);
  };
  const names = (): Map<string, CatalogTool[]> => {
    if (byName === null) {
      byName = new Map();
      for (const tool of indexed.tools.values()) {
        for (const name of [tool.displayName, tool.name, tool.apiName]) push(byName, name.toLowerCase(), tool);
      }
    }
    return byName;
  };
  const nameKeys = (): Map<string, CatalogTool[]> => {
    if (byNameKey === null) {
      byNameKey = new Map();
      for (const tool of indexed.tools.values()) for (const key of toolNameKeys(tool)) push(byNameKey, key, tool);
    }
    return byNameKey;
  };
  const spellings = (): Map<string, CatalogTool[]> => {
    if (bySpelling === null) {
      bySpelling = new Map();
      for (const tool of indexed.tools.values()) for (const key of toolSpellings(tool)) push(bySpelling, key, tool);
    }
    return bySpelling;
  };
  /** The tools `text` names: as a whole, in any spelling, then by each identifier in it, as spelled. */
  const namedBy = (text: string): CatalogTool[] => {
    const named = [...(nameKeys().get(toCompactNameKey(text)) ?? [])];
    for (const token of identifierTokens(text)) {
      for (const tool of spellings().get(token) ?? []) if (!named.includes(tool)) named.push(tool);
    }
    return named;
  };
  const textKey = (tool: CatalogTool): string => {
    let key = textKeys.get(tool);
    if (key === undefined) {
      key = toolTextKey(tool);
      textKeys.set(tool, key);
    }
    return key;
  };

  const select = (requested: readonly string[], searchOptions: RankerSearchOptions): SearchHit[] => {
    const lookup = names();
    const unknown = requested.filter((name) => !lookup.has(name.toLowerCase()));
    if (unknown.length > 0) {
      const list = unknown.map((name) => JSON.stringify(name)).join(', ');
      throw createLoadoutError('unknown-tool', `select: no tool named ${list}`, { names: unknown });
    }
    const selected: CatalogTool[] = [];
    for (const name of requested) {
      for (const tool of lookup.get(name.toLowerCase())!) {
        if (!selected.includes(tool) && (searchOptions.filter === undefined || searchOptions.filter(tool))) selected.push(tool);
      }
    }
    const explain = searchOptions.explain === true;
    return selected.map((tool, index) => {
      const score = selected.length - index;
      return explain ? { tool, score, explanation: emptyExplanation(['selected by name'], { select: 1 }) } : { tool, score };
    });
  };

  const keywords = (text: string, required: readonly string[], searchOptions: RankerSearchOptions, typedEnd: string): MaybePromise<readonly SearchHit[]> => {
    const limit = searchOptions.limit ?? DEFAULT_LIMIT;
    const explain = searchOptions.explain === true;
    const kept = required.filter((term) => hasLetter.test(term));
    const requiredKeys = kept.map(toNameKey);
    const requiredNotes = kept.map((term) => `required term ${JSON.stringify(term)}`);
    const requiredFilter: Filter | undefined =
      requiredKeys.length === 0 ? undefined : (tool) => requiredKeys.every((key) => containsWords(textKey(tool), key));
    const allowed = both(searchOptions.filter, requiredFilter);
    const named = exactNameFirst ? namedBy(text).filter((tool) => allowed === undefined || allowed(tool)) : [];
    const namedSet = new Set(named);
    const inner = (innerLimit: number, filter: Filter | undefined): MaybePromise<readonly SearchHit[]> => {
      if (text.trim().length === 0) return [];
      const innerOptions: { -readonly [K in keyof RankerSearchOptions]: RankerSearchOptions[K] } = { limit: innerLimit };
      if (filter !== undefined) innerOptions.filter = filter;
      if (searchOptions.explain !== undefined) innerOptions.explain = searchOptions.explain;
      return ranker.search(text + typedEnd, innerOptions);
    };
    const finish = (first: readonly SearchHit[], rest: readonly SearchHit[]): SearchHit[] => {
      const result: SearchHit[] = [];
      const seen = new Set<CatalogTool>();
      for (const hit of exactNameHits(first, named, rest[0]?.score)) {
        result.push(annotate(hit.hit, hit.score, ['exact name match', ...requiredNotes], { exactName: hit.bonus }, explain));
        seen.add(hit.hit.tool);
      }
      for (const hit of rest) {
        if (seen.has(hit.tool)) continue;
        seen.add(hit.tool);
        result.push(requiredNotes.length === 0 && !explain ? hit : annotate(hit, hit.score, requiredNotes, {}, explain));
      }
      if (requiredFilter !== undefined && result.length < limit) {
        const lowest = result.length > 0 ? Math.min(result[result.length - 1]!.score, 0) : 0;
        for (const tool of indexed.tools.values()) {
          if (result.length >= limit) break;
          if (seen.has(tool) || !allowed!(tool)) continue;
          seen.add(tool);
          result.push(explain ? { tool, score: lowest, explanation: emptyExplanation(requiredNotes, {}) } : { tool, score: lowest });
        }
      }
      return result.slice(0, limit);
    };
    if (named.length === 0) return then(inner(limit, allowed), (rest) => finish([], rest));
    // One search holds the named tools and the rest, so scores and ranks of both are computed over one set;
    // a named tool beyond its top `limit + named.length` is searched for alone.
    return then(inner(limit + named.length, allowed), (hits) => {
      const first = hits.filter((hit) => namedSet.has(hit.tool));
      const rest = hits.filter((hit) => !namedSet.has(hit.tool));
      const found = new Set(first.map((hit) => hit.tool));
      const missing = new Set(named.filter((tool) => !found.has(tool)));
      if (missing.size === 0) return finish(first, rest);
      return then(inner(missing.size, (tool) => missing.has(tool)), (more) => finish([...first, ...more], rest));
    });
  };

  return {
    specificationVersion: 'v1',
    name: ranker.name,
    get size() {
      return ranker.size;
    },
    index: indexed.index,
    add: indexed.add,
    remove: indexed.remove,
    search(query, searchOptions = {}) {
      const parsed = parseToolQuery(query, { maxLength });
      if (parsed.kind === 'select') return select(parsed.names, searchOptions);
      // A query typed up to a space keeps one at its end for the inner ranker: BM25F's `completeLastWord` completes only a word still being typed.
      return keywords(parsed.text, parsed.required, searchOptions, ENDS_IN_SPACE.test(query) ? ' ' : '');
    },
  };
}
