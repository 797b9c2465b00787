import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { integerOption } from '../utils/number-option.js';
import { characterLength } from './length-limit.js';
import type { ParsedToolQuery } from './parsed-tool-query.js';
import { extractRequiredTerms } from './required-terms.js';

/** The longest natural-language query accepted by default, in characters (behaviour spec §2). */
export const DEFAULT_MAX_QUERY_LENGTH = 500;

/** Options of {@link parseToolQuery}. */
export interface ParseToolQueryOptions {
  /** Longest accepted query in characters (code points), after trimming. A positive integer; default 500. */
  maxLength?: number;
}

const SELECT_PREFIX = /^select:/i;
/** Nothing but `+` signs and whitespace (or nothing at all). */
const ONLY_MARKERS = /^[+\s]*$/;

function emptyQuery(text: string): never {
  throw createLoadoutError('query-empty', `tool search query ${describeValue(text)} names nothing to search for`, {
    query: text,
  });
}

/**
 * Parses the query forms of the search tool (behaviour spec §3):
 * `select:name_a,name_b` (prefix case-insensitive; names trimmed, empty ones
 * dropped, duplicates removed, order kept) loads tools by name; anything else
 * is a keyword query in which `+term` or `+"a phrase"` marks a term every
 * result must contain. Throws only `LoadoutError`s: `query-empty` for a
 * blank query, one of only `+` signs, or a `select:` without names, `query-too-long` past
 * `maxLength`, `invalid-input` for a non-string, `invalid-option` for a bad
 * `maxLength`.
 */
export function parseToolQuery(text: string, options: ParseToolQueryOptions = {}): ParsedToolQuery {
  const maxLength = integerOption('parseToolQuery', 'maxLength', options.maxLength, DEFAULT_MAX_QUERY_LENGTH, 1);
  if (typeof text !== 'string') {
    throw createLoadoutError('invalid-input', `tool search query must be a string, got ${describeValue(text)}`, {
      query: text,
    });
  }
  const query = text.trim();
  if (query === '') emptyQuery(text);
  const length = query.length > maxLength ? characterLength(query) : query.length;
  if (length > maxLength) {
    throw createLoadoutError(
      'query-too-long',
      `tool search query ${describeValue(query, 40)} is ${length} characters long; the limit is ${maxLength}`,
      { length, maxLength },
    );
  }

  if (SELECT_PREFIX.test(query)) {
    const names = new Set<string>();
    for (const part of query.slice('select:'.length).split(',')) {
      const name = part.trim();
      if (name !== '') names.add(name);
    }
    if (names.size === 0) emptyQuery(text);
    return { kind: 'select', names: [...names] };
  }

  const { text: keywords, required } = extractRequiredTerms(query);
  // Only `+` signs (a required-term marker with no term, as `+""`) name nothing either: query-empty, as `select:` is (3447).
  if (ONLY_MARKERS.test(keywords)) emptyQuery(text);
  return { kind: 'keywords', text: keywords, required };
}
