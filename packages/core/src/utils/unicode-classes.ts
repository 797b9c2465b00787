import { UNICODE_CATEGORY_RUNS } from './unicode-category-runs.js';

/**
 * Regular-expression character classes (bracket contents, for the `u` flag)
 * equal to the Unicode property escapes the splitter used to write, built
 * from a committed table instead: engines without Unicode property escapes
 * (SpiderMonkey inside componentize-js) compile them, and every host splits
 * text the same way whatever its own Unicode version.
 */
export interface UnicodeClasses {
  /** `\p{Lu}` */
  readonly upper: string;
  /** `\p{Ll}` */
  readonly lower: string;
  /** `\p{Lt}\p{Lm}\p{Lo}` */
  readonly otherLetter: string;
  /** `\p{M}` */
  readonly mark: string;
  /** `\p{N}` */
  readonly number: string;
  /** `\p{L}`: the three letter classes together. */
  readonly letter: string;
}

const CLASS_COUNT = 6;

function escapeCodePoint(codePoint: number): string {
  return `\\u{${codePoint.toString(16)}}`;
}

/** Decodes {@link UNICODE_CATEGORY_RUNS}: one class source per letter `A`…`F`. */
function decodeRuns(runs: string): string[] {
  const sources: string[] = new Array<string>(CLASS_COUNT).fill('');
  let codePoint = 0;
  let digitsStart = 0;
  for (let index = 0; index < runs.length; index++) {
    const code = runs.charCodeAt(index);
    if (code < 0x41 || code > 0x46) continue; // a base-36 digit of the next run's length
    const length = digitsStart === index ? 1 : parseInt(runs.slice(digitsStart, index), 36);
    const last = codePoint + length - 1;
    const klass = code - 0x41;
    if (klass > 0) sources[klass] += length === 1 ? escapeCodePoint(codePoint) : `${escapeCodePoint(codePoint)}-${escapeCodePoint(last)}`;
    codePoint = last + 1;
    digitsStart = index + 1;
  }
  return sources;
}

function decodeClasses(): UnicodeClasses {
  const [, upper = '', lower = '', otherLetter = '', mark = '', number = ''] = decodeRuns(UNICODE_CATEGORY_RUNS);
  return { upper, lower, otherLetter, mark, number, letter: upper + lower + otherLetter };
}

/** The classes, decoded once at load (about 3,200 runs). */
export const UNICODE_CLASSES: UnicodeClasses = decodeClasses();
