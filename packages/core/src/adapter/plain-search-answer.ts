import { isRecord } from '../utils/is-record.js';
import { tryParseJson } from '../json/try-parse-json.js';

/**
 * The JSON text a plain search answers with (the Chat `plain` mode's tool
 * message, the Responses `plain-search` function output): `{"loaded": [API
 * names], "tools": [definitions]}`, or `{"loaded": [], "error": text}` when
 * the search failed (`error` not null).
 */
export function plainSearchAnswer(found: readonly string[], tools: readonly unknown[], error: string | null): string {
  return JSON.stringify(plainSearchResult(found, tools, error));
}

/** The object a plain search answers with, for providers that take JSON objects (a Gemini function response): see {@link plainSearchAnswer}. */
export function plainSearchResult(found: readonly string[], tools: readonly unknown[], error: string | null): PlainSearchResult {
  return error === null ? { loaded: [...found], tools: [...tools] } : { loaded: [], error };
}

/** What a plain search answers: the API names it loaded and their definitions, or no names and the error text. */
export type PlainSearchResult = { readonly loaded: string[]; readonly tools: unknown[] } | { readonly loaded: []; readonly error: string };

/** The API names a plain search answer loads: its `loaded` list; none for text that is not such an answer. */
export function plainAnswerNames(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const value = tryParseJson(text);
  const loaded = isRecord(value) ? value['loaded'] : undefined;
  return Array.isArray(loaded) ? loaded.filter((name): name is string => typeof name === 'string') : [];
}
