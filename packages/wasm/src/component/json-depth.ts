import { createLoadoutError } from '@loadout/core';

/**
 * Deepest JSON nesting the API parses: 4,096 levels. An engine's own
 * `JSON.parse` recurses per level, and QuickJS compiled to WebAssembly
 * overflows its host's native stack between 8,000 and 10,000 levels (Node's
 * default stack): a throw in the host, not a coded failure. 4,096 leaves room
 * for the 1,000-level schemas catalogs may hold.
 */
export const MAX_JSON_DEPTH = 4096;

/**
 * Throws `code` (`catalog-invalid-json` for catalogs, `invalid-input` for
 * inputs) naming `label` when `text` nests arrays and objects deeper than
 * {@link MAX_JSON_DEPTH}; a scan without recursion, so it never overflows
 * itself. Brackets inside strings do not count. Malformed text is left to
 * the parser to report.
 */
export function assertJsonDepth(text: string, label: string, code: 'catalog-invalid-json' | 'invalid-input'): void {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++;
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) {
        throw createLoadoutError(code, `${label}: JSON nested deeper than ${MAX_JSON_DEPTH} levels at position ${index}; flatten it`, { source: label, position: index });
      }
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
}
