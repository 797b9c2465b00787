import { isRecord } from '../utils/is-record.js';
import { tryParseJson } from '../json/try-parse-json.js';

/**
 * The JSON text a plain search answers with (the Chat `plain` mode's tool
 * message, the Responses `plain-search` function output): `{"loaded": [API
 * names], "tools": [definitions]}`, or `{"loaded": [], "error": text}` when
 * the search failed (`error` not null).
 */
export function plainSearchAnswer(found: readonly string[], tools: readonly unknown[], error: string | null, unloaded?: UnloadedTools): string {
  return JSON.stringify(plainSearchResult(found, tools, error, unloaded));
}

/** Loaded tools an answer unloads to keep requests within a provider's function limit. */
export interface UnloadedTools {
  /** Their API names (least recently loaded or used). */
  readonly tools: readonly string[];
  /** Most functions one request declares. */
  readonly maxFunctions: number;
}

/**
 * The object a plain search answers with, for providers that take JSON
 * objects (a Gemini function response): see {@link plainSearchAnswer}.
 * When loading the found tools unloads others (`unloaded` not empty), it
 * also names them (`unloaded`) and says why (`note`).
 */
export function plainSearchResult(found: readonly string[], tools: readonly unknown[], error: string | null, unloaded?: UnloadedTools): PlainSearchResult {
  if (error !== null) return { loaded: [], error };
  if (unloaded === undefined || unloaded.tools.length === 0) return { loaded: [...found], tools: [...tools] };
  const note = `At most ${unloaded.maxFunctions} functions fit one request, so these earlier loaded tools were unloaded: ${unloaded.tools.join(', ')}. Search for them again to use them.`;
  return { loaded: [...found], tools: [...tools], unloaded: [...unloaded.tools], note };
}

/**
 * What a plain search answers: the API names it loaded and their
 * definitions (and any tools it unloaded, with a `note` for the model), or
 * no names and the error text.
 */
export type PlainSearchResult =
  | { readonly loaded: string[]; readonly tools: unknown[]; readonly unloaded?: string[]; readonly note?: string }
  | { readonly loaded: []; readonly error: string };

/** The API names a plain search answer loads: its `loaded` list; none for text that is not such an answer. */
export function plainAnswerNames(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  const value = tryParseJson(text);
  const loaded = isRecord(value) ? value['loaded'] : undefined;
  return Array.isArray(loaded) ? loaded.filter((name): name is string => typeof name === 'string') : [];
}
