import { createLoadoutError } from '@loadout/core';

/** One parsed line of a JSONL file with its 1-based line number. */
export interface JsonLine {
  readonly line: number;
  readonly value: unknown;
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/ in JSON at position \d+.*$/, '').replace(/ at position \d+.*$/, '');
}

/**
 * Parses JSON Lines text: one JSON value per line, blank lines skipped, a
 * leading byte-order mark and `\r\n` line ends accepted. Throws
 * `catalog-invalid-json` naming `label` and the 1-based line number.
 */
export function readJsonLines(text: string, label: string): JsonLine[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split('\n');
  const result: JsonLine[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line.length === 0) continue;
    try {
      result.push({ line: index + 1, value: JSON.parse(line) as unknown });
    } catch (error) {
      throw createLoadoutError('catalog-invalid-json', `${label}: invalid JSON at line ${index + 1}: ${reasonOf(error)}`, {
        source: label,
        line: index + 1,
      });
    }
  }
  return result;
}
