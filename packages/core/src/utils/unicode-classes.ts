import { UNICODE_CATEGORY_RUNS } from './unicode-category-runs.js';

/**
 * One of the general-category groups {@link UNICODE_CATEGORY_RUNS} records:
 * `upper` Lu, `lower` Ll, `title` Lt, `otherLetter` Lm and Lo, `mark` M,
 * `number` N. The letters (`\p{L}`) are the first four together.
 */
export type UnicodeCategory = 'upper' | 'lower' | 'title' | 'otherLetter' | 'mark' | 'number';

/** Inclusive code-point ranges, sorted, not touching. */
type Ranges = readonly (readonly [number, number])[];

const CATEGORIES: readonly (UnicodeCategory | undefined)[] = [undefined, 'upper', 'lower', 'otherLetter', 'mark', 'number', 'title'];

/** Decodes {@link UNICODE_CATEGORY_RUNS}: each category's ranges. */
function decodeRuns(runs: string): Record<UnicodeCategory, [number, number][]> {
  const ranges: Record<UnicodeCategory, [number, number][]> = { upper: [], lower: [], title: [], otherLetter: [], mark: [], number: [] };
  let codePoint = 0;
  let digitsStart = 0;
  for (let index = 0; index < runs.length; index++) {
    const code = runs.charCodeAt(index);
    if (code < 0x41 || code > 0x47) continue; // a base-36 digit of the next run's length
    const length = digitsStart === index ? 1 : parseInt(runs.slice(digitsStart, index), 36);
    const category = CATEGORIES[code - 0x41];
    if (category !== undefined) ranges[category].push([codePoint, codePoint + length - 1]);
    codePoint += length;
    digitsStart = index + 1;
  }
  return ranges;
}

const RANGES = decodeRuns(UNICODE_CATEGORY_RUNS);

/**
 * A code point as itself in a class: letters, marks and digits are never
 * `\\`, `]`, `[`, `^` or `-`. Literal characters keep the pattern short, and
 * V8 optimizes only short patterns (escapes made the splitter slower).
 */
function literal(codePoint: number): string {
  return String.fromCodePoint(codePoint);
}

/** The union of `categories`, merged into as few ranges as possible (a smaller class compiles to a faster matcher). */
function union(categories: readonly UnicodeCategory[]): Ranges {
  const all = categories.flatMap((category) => RANGES[category]).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of all) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * Bracket contents (for a `u`-flag regular expression) matching exactly the
 * code points of `categories`: `[${unicodeClass('upper')}]` is `\p{Lu}`,
 * `[${unicodeClass('upper', 'lower', 'title', 'otherLetter')}]` is `\p{L}`. Built from
 * a committed table rather than Unicode property escapes: engines without
 * them (SpiderMonkey inside componentize-js) compile these, and every host
 * splits text the same way whatever its own Unicode version.
 */
export function unicodeClass(...categories: readonly UnicodeCategory[]): string {
  let source = '';
  for (const [start, end] of union(categories)) source += start === end ? literal(start) : `${literal(start)}-${literal(end)}`;
  return source;
}
