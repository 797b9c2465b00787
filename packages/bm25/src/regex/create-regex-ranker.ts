import type { CatalogTool, RankerSearchOptions, SearchHit, SyncRanker } from '@loadout/core';
import { createLoadoutError, validateRegexPattern } from '@loadout/core';
import { RE2JS } from 're2js';
import { extractToolFields } from '../analyzer/tool-fields.js';
import { readSearchLimit } from '../shared/search-limit.js';
import { mergeTools, withoutTools } from '../shared/tool-list.js';
import { admits, createTopK, drainTopK, numberOption, pushTopK, resetTopK } from '@loadout/core/utils';

/** Options of {@link createRegexRanker}. */
export interface RegexRankerOptions {
  /** Longest pattern accepted, in characters. Default 200 (the documented limit); range 1–10,000. */
  readonly maxPatternLength?: number;
  /** Also match argument names and descriptions, ranked below name and description matches. Default true. */
  readonly matchParameters?: boolean;
}

/**
 * Score of a match in each place: name plus description (6) > name (4) >
 * description (2) > arguments only (1); arguments count only for tools
 * whose name and description did not match.
 */
export const REGEX_MATCH_SCORES = Object.freeze({ name: 4, description: 2, parameters: 1 });

interface RegexDocument {
  readonly tool: CatalogTool;
  readonly names: readonly string[];
  readonly description: string;
  readonly parameters: string;
}

function toDocument(tool: CatalogTool): RegexDocument {
  const fields = extractToolFields(tool, 3);
  const names = tool.displayName === tool.name ? [tool.name] : [tool.name, tool.displayName];
  return { tool, names, description: tool.description, parameters: `${fields.parameterNames}\n${fields.parameterDescriptions}` };
}

function compile(pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw createLoadoutError('pattern-invalid', `invalid regular expression ${JSON.stringify(pattern)}: ${reason}`, { pattern, reason });
  }
}

/**
 * The Messages API's regex tool search, named `regex`: the query is a
 * case-insensitive regular expression (RE2 syntax, searched anywhere in the
 * text) matched against each tool's name and display name, description and,
 * with `matchParameters`, argument names and descriptions. A tool scores by
 * where it matched ({@link REGEX_MATCH_SCORES}: name beats description beats
 * arguments); ties keep catalog order. Runs on `re2js`,
 * whose matching is linear in the text, so no pattern can hang it. Patterns
 * longer than `maxPatternLength` throw `pattern-too-long`; unparsable ones
 * throw `pattern-invalid` naming the pattern.
 */
export function createRegexRanker(options: RegexRankerOptions = {}): SyncRanker {
  const maxLength = numberOption('@loadout/bm25', 'maxPatternLength', options.maxPatternLength, 200, 1, 10_000);
  const matchParameters = options.matchParameters ?? true;
  let tools: CatalogTool[] = [];
  let documents: RegexDocument[] = [];
  let stale = false;
  const heap = createTopK(16);
  let docsOut = new Int32Array(16);
  let scoresOut = new Float64Array(16);

  const update = (next: CatalogTool[]): void => {
    tools = next;
    stale = true;
  };

  return {
    specificationVersion: 'v1',
    name: 'regex',
    queryKind: 'pattern',
    get size() {
      return tools.length;
    },
    index(nextTools) {
      update(mergeTools([], nextTools));
    },
    add(added) {
      if (added.length > 0) update(mergeTools(tools, added));
    },
    remove(displayNames) {
      const next = withoutTools(tools, displayNames);
      if (next.length !== tools.length) update(next);
    },
    search(pattern: string, searchOptions: RankerSearchOptions = {}): readonly SearchHit[] {
      const limit = readSearchLimit(searchOptions.limit, 'regex');
      validateRegexPattern(pattern, { maxLength });
      const regex = compile(pattern);
      if (stale) {
        documents = tools.map(toDocument);
        stale = false;
      }
      const capacity = Math.min(limit, documents.length);
      if (capacity === 0) return [];
      resetTopK(heap, capacity);
      const { filter } = searchOptions;
      for (let doc = 0; doc < documents.length; doc++) {
        const document = documents[doc]!;
        let score = 0;
        for (const name of document.names) {
          if (regex.test(name)) {
            score += REGEX_MATCH_SCORES.name;
            break;
          }
        }
        if (regex.test(document.description)) score += REGEX_MATCH_SCORES.description;
        if (score < REGEX_MATCH_SCORES.description && matchParameters && regex.test(document.parameters)) {
          score += REGEX_MATCH_SCORES.parameters;
        }
        if (score === 0 || !admits(heap, score, doc)) continue;
        if (filter !== undefined && !filter(document.tool)) continue;
        pushTopK(heap, score, doc);
      }
      if (docsOut.length < capacity) {
        docsOut = new Int32Array(capacity);
        scoresOut = new Float64Array(capacity);
      }
      const count = drainTopK(heap, docsOut, scoresOut);
      const hits: SearchHit[] = [];
      for (let index = 0; index < count; index++) {
        const document = documents[docsOut[index]!]!;
        const score = scoresOut[index]!;
        if (searchOptions.explain !== true) {
          hits.push({ tool: document.tool, score });
          continue;
        }
        const fields: Record<string, number> = {};
        const matched = new Set<string>();
        const place = (name: keyof typeof REGEX_MATCH_SCORES, texts: readonly string[]): void => {
          for (const text of texts) {
            const match = regex.exec(text);
            if (match === null) continue;
            fields[name] = REGEX_MATCH_SCORES[name];
            matched.add(String(match[0]));
            return;
          }
        };
        place('name', document.names);
        place('description', [document.description]);
        if (matchParameters && fields['name'] === undefined && fields['description'] === undefined) place('parameters', [document.parameters]);
        hits.push({
          tool: document.tool,
          score,
          explanation: { matchedTerms: [...matched], fields, components: { regex: score }, notes: [] },
        });
      }
      return hits;
    },
  };
}
