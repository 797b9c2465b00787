import { parseJson } from '@loadout/core';

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
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split('\n');
  const result: JsonLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line.length === 0) continue;
    result.push({ line: index + 1, value: parseJson(line, label, index + 1) });
  }
  return result;
}
