import { unicodeClass } from '@loadout/core/utils';
import type { UnicodeCategory } from '@loadout/core/utils';

/** What each Unicode property escape of tiktoken's pre-tokenizer patterns names, in groups of core's category table. */
const ESCAPES: Readonly<Record<string, readonly UnicodeCategory[]>> = {
  L: ['upper', 'lower', 'title', 'otherLetter'],
  Lu: ['upper'],
  Ll: ['lower'],
  Lt: ['title'],
  M: ['mark'],
  N: ['number'],
};
const ESCAPE = /\\p\{([A-Za-z]+)\}/y;

/** The property escape at `index` of `source`: its name and length, or undefined. */
function escapeAt(source: string, index: number): { readonly name: string; readonly length: number } | undefined {
  ESCAPE.lastIndex = index;
  const match = ESCAPE.exec(source);
  return match === null ? undefined : { name: match[1]!, length: match[0].length };
}

/** Bracket contents for a set of categories (the whole class, or its ASCII part). */
type ClassSpeller = (categories: readonly UnicodeCategory[]) => string;

/** The ASCII characters of `categories`, as bracket contents (empty when none: `[]` matches nothing). */
function asciiClass(categories: readonly UnicodeCategory[]): string {
  const members = new RegExp(`[${unicodeClass(...categories)}]`, 'u');
  let out = '';
  for (let code = 0; code < 0x80; code++) {
    const character = String.fromCharCode(code);
    // Letters, marks and digits only: none needs escaping in a class.
    if (members.test(character)) out += character;
  }
  return out;
}

function spell(source: string, classOf: ClassSpeller): string | undefined {
  let out = '';
  let inClass = false;
  let index = 0;
  while (index < source.length) {
    const character = source[index]!;
    if (character === '\\') {
      const escape = escapeAt(source, index);
      // Lm and Lo are one group in the table: spelled only side by side in one class, as both encodings write them.
      const next = escape?.name === 'Lm' && inClass ? escapeAt(source, index + escape.length) : undefined;
      if (escape !== undefined && next?.name === 'Lo') {
        out += classOf(['otherLetter']);
        index += escape.length + next.length;
        continue;
      }
      if (escape !== undefined) {
        const categories = ESCAPES[escape.name];
        if (categories === undefined) return undefined;
        out += inClass ? classOf(categories) : `[${classOf(categories)}]`;
        index += escape.length;
        continue;
      }
      if (source[index + 1] === 'p' || source[index + 1] === 'P') return undefined;
      out += source.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (character === '[' && !inClass) inClass = true;
    else if (character === ']' && inClass) inClass = false;
    out += character;
    index++;
  }
  return out;
}

/** A pre-tokenizer pattern without Unicode property escapes, for the `u` flag; see {@link spellPreTokenizerPattern}. */
export interface SpelledPattern {
  /** For any text: every escape spelled as a class from core's Unicode category table. */
  readonly unicode: string;
  /** The same pattern with each class cut to its ASCII part: the same matches on text without a non-ASCII character, and several times faster. */
  readonly ascii: string;
}

/**
 * `source` (a rank file's `pat_str`) with every Unicode property escape
 * spelled out from core's Unicode category table (`unicodeClass`): the same
 * matches on every code point, in engines without property escapes
 * (SpiderMonkey in a WebAssembly component) and whatever the host's own
 * Unicode version. Undefined when the pattern uses an escape the table
 * cannot spell (`\P{…}`, a script, `Lm` without `Lo`): not a pattern of a
 * shipped encoding.
 */
export function spellPreTokenizerPattern(source: string): SpelledPattern | undefined {
  const unicode = spell(source, (categories) => unicodeClass(...categories));
  const ascii = spell(source, asciiClass);
  return unicode === undefined || ascii === undefined ? undefined : { unicode, ascii };
}
