import { isRecord } from '../utils/is-record.js';

/**
 * The JSON text a plain search answers with (the Chat `plain` mode's tool
 * message, the Responses `plain-search` function output): `{"loaded": [API
 * names], "tools": [definitions]}`, or `{"loaded": [], "error": text}` when
 * the search failed (`error` not null).
 */
export function plainSearchAnswer(found: readonly string[], tools: readonly unknown[], error: string | null): string {
  return JSON.stringify(error === null ? { loaded: found, tools } : { loaded: [], error });
}

/** The API names a plain search answer loads: its `loaded` list; none for text that is not such an answer. */
export function plainAnswerNames(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  try {
    const value = JSON.parse(text) as unknown;
    const loaded = isRecord(value) ? value['loaded'] : undefined;
    return Array.isArray(loaded) ? loaded.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}
