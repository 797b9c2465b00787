import { jsonLines, parseJson } from '@loadout/core';

/** One parsed line of a JSONL file with its 1-based line number. */
export interface JsonLine {
  readonly line: number;
  readonly value: unknown;
}

/**
 * Parses JSON Lines text: one JSON value per line, blank lines skipped, a
 * leading byte-order mark and `\r\n` line ends accepted. Throws
 * `catalog-invalid-json` naming `label`, the 1-based line number and the
 * column (core's `parseJson`: never the line's text).
 */
export function readJsonLines(text: string, label: string): JsonLine[] {
  return jsonLines(text).map(({ line, text: json }) => ({ line, value: parseJson(json.trim(), label, line) }));
}
