import { splitAsciiIdentifiers } from './split-ascii-identifiers.js';
import { unicodeClass } from './unicode-classes.js';

/** Options of {@link splitIdentifiers}. */
export interface SplitIdentifiersOptions {
  /** Also emit the words of a compound joined (`createIssue` → `createissue`). Default true. */
  readonly keepCompounds: boolean;
  /** Split letters from digits (`oauth2` → `oauth`, `2`). Default true. */
  readonly splitDigits: boolean;
  /** Longest compound token kept, in characters; longer ones (URLs, paths) are dropped. Default 48. */
  readonly maxCompoundLength: number;
}

/** The regular expressions of one character repertoire; see {@link UNICODE_PATTERNS}. */
export interface SplitPatterns {
  readonly chunk: RegExp;
  readonly wordsSplittingDigits: RegExp;
  readonly wordsKeepingDigits: RegExp;
}

const LETTER = ['upper', 'lower', 'title', 'otherLetter'] as const;
const U = unicodeClass('upper');
const word = `[${unicodeClass(...LETTER, 'mark', 'number')}]+`;
const upperThenLower = `[${U}]+(?=[${U}][${unicodeClass('lower')}])`;

/**
 * Patterns for any text: letters, marks and digits of every script. Written
 * with {@link unicodeClass} where `\p{…}` escapes stood (same matches;
 * chunk `[\p{L}\p{M}\p{N}]+(?:[_\-./:]+[\p{L}\p{M}\p{N}]+)*`, words
 * `\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}+\p{M}*|\p{N}+|[\p{Lo}\p{Lm}\p{Lt}\p{M}]+`,
 * digits kept with the letters they follow when not split).
 */
export const UNICODE_PATTERNS: SplitPatterns = {
  chunk: new RegExp(`${word}(?:[_\\-./:]+${word})*`, 'gu'),
  wordsSplittingDigits: new RegExp(
    `${upperThenLower}|[${U}]?[${unicodeClass('lower', 'mark')}]+|[${U}]+[${unicodeClass('mark')}]*|[${unicodeClass('number')}]+|[${unicodeClass('title', 'otherLetter', 'mark')}]+`,
    'gu',
  ),
  wordsKeepingDigits: new RegExp(
    `${upperThenLower}|[${U}]?[${unicodeClass('lower', 'mark', 'number')}]+|[${U}]+[${unicodeClass('mark', 'number')}]*|[${unicodeClass('number')}]+|[${unicodeClass('title', 'otherLetter', 'mark', 'number')}]+`,
    'gu',
  ),
};

/** The same patterns restricted to ASCII; equal results on ASCII text. `splitIdentifiers` scans ASCII text without them (same tokens). */
export const ASCII_PATTERNS: SplitPatterns = {
  chunk: /[A-Za-z0-9]+(?:[_\-./:]+[A-Za-z0-9]+)*/g,
  wordsSplittingDigits: /[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+/g,
  wordsKeepingDigits: /[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z0-9]+|[A-Z]+[0-9]*|[0-9]+/g,
};

const nonAscii = /[^\x00-\x7f]/;
const namespacePattern = /::|__|[./]/;
const connectorPattern = /[_\-./:]+/;
const connectorCharacter = /[_\-./:]/;

function pushWords(part: string, pattern: RegExp, out: string[]): void {
  pattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(part)) !== null) out.push(match[0].toLowerCase());
}

function pushCompound(words: readonly string[], from: number, to: number, options: SplitIdentifiersOptions, out: string[]): void {
  if (to - from < 2) return;
  let compound = '';
  for (let index = from; index < to; index++) compound += words[index];
  if (compound.length <= options.maxCompoundLength) out.push(compound);
}

/** {@link splitIdentifiers} with explicit patterns (for tests comparing the two repertoires). */
export function splitIdentifiersWith(text: string, options: SplitIdentifiersOptions, patterns: SplitPatterns): string[] {
  const words: string[] = [];
  const compounds: string[] = [];
  const wordPattern = options.splitDigits ? patterns.wordsSplittingDigits : patterns.wordsKeepingDigits;
  const chunkPattern = patterns.chunk;
  chunkPattern.lastIndex = 0;
  let chunk: RegExpExecArray | null;
  while ((chunk = chunkPattern.exec(text)) !== null) {
    const value = chunk[0];
    const start = words.length;
    if (!connectorCharacter.test(value)) {
      pushWords(value, wordPattern, words);
      if (options.keepCompounds) pushCompound(words, start, words.length, options, compounds);
      continue;
    }
    const segments = value.split(namespacePattern);
    for (const segment of segments) {
      const segmentStart = words.length;
      for (const part of segment.split(connectorPattern)) if (part.length > 0) pushWords(part, wordPattern, words);
      if (options.keepCompounds && segments.length > 1) pushCompound(words, segmentStart, words.length, options, compounds);
    }
    if (options.keepCompounds) pushCompound(words, start, words.length, options, compounds);
  }
  for (const compound of compounds) words.push(compound);
  return words;
}

/**
 * Splits text into lower-case words, breaking identifiers on `_ - :: . /`,
 * case changes (`createIssue`, `HTMLParser`) and letter–digit boundaries.
 * With `keepCompounds`, each multi-word identifier also yields its words
 * joined (`find_symbol`, `findSymbol` and `FindSymbol` all yield
 * `findsymbol`), as do its namespace segments, split at `::`, `__`, `.` and
 * `/` (`github.createIssue` yields `createissue` and `githubcreateissue`).
 * Words come first, in text order, then compounds.
 */
export function splitIdentifiers(text: string, options: SplitIdentifiersOptions): string[] {
  return nonAscii.test(text) ? splitIdentifiersWith(text, options, UNICODE_PATTERNS) : splitAsciiIdentifiers(text, options);
}
