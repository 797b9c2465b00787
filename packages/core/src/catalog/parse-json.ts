import { createLoadoutError } from '../errors/loadout-error.js';
import type { LoadoutError } from '../errors/loadout-error.js';
import { jsonSyntaxError } from './json-error-position.js';

/** 1-based line and column of a UTF-16 offset in `text`. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(position, text.length);
  for (let index = 0; index < end; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}


/**
 * `JSON.parse` that throws `catalog-invalid-json` naming where the text broke:
 * `<label>: invalid JSON at line L, column C (position P): <reason>`. With
 * `lineNumber`, the text is one line of a JSONL file and that line is reported.
 */
export function parseJson(text: string, label: string, lineNumber?: number): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw invalidJson(error, text, label, lineNumber);
  }
}

/** The error for text `JSON.parse` refused; its reason comes from core's own scan (engines word theirs differently, and V8 quotes the text). */
function invalidJson(error: unknown, text: string, label: string, lineNumber?: number): LoadoutError {
  const found = jsonSyntaxError(text);
  const position = found?.position ?? text.length;
  const reason = found?.reason ?? (error instanceof RangeError ? 'Nested too deeply' : 'Unexpected character');
  const { line, column } = lineAndColumn(text, position);
  const reportedLine = lineNumber ?? line;
  const where = lineNumber === undefined ? `line ${line}, column ${column} (position ${position})` : `line ${lineNumber}, column ${column}`;
  return createLoadoutError('catalog-invalid-json', `${label}: invalid JSON at ${where}: ${reason}`, {
    line: reportedLine,
    column,
    position,
    source: label,
  });
}
