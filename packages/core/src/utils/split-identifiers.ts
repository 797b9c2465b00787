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

/**
 * Han, kana and Hangul, written without spaces between words: a run of them
 * is read as its overlapping character pairs (`发送邮件` → `发送`, `送邮`,
 * `邮件`; a lone character as itself), as Lucene's CJK bigram filter does, so
 * a query matches text that holds its words inside a longer run.
 */
const cjkRun = /[\u1100-\u11ff\u3005-\u3007\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{2fa1f}]+/gu;

/** Pushes `word`'s CJK runs as character pairs and the rest as written; returns whether it held a CJK run. */
function pushPairs(word: string, out: string[]): boolean {
  cjkRun.lastIndex = 0;
  let rest = 0;
  let run: RegExpExecArray | null;
  while ((run = cjkRun.exec(word)) !== null) {
    if (run.index > rest) out.push(word.slice(rest, run.index));
    const characters = Array.from(run[0]);
    if (characters.length === 1) out.push(run[0]);
    for (let index = 1; index < characters.length; index++) out.push(characters[index - 1]! + characters[index]!);
    rest = run.index + run[0].length;
  }
  if (rest === 0) return false;
  if (rest < word.length) out.push(word.slice(rest));
  return true;
}

/** Pushes the words of `part`; returns whether one held a CJK run (read as pairs, so no compound is joined from them). */
function pushWords(part: string, pattern: RegExp, out: string[]): boolean {
  pattern.lastIndex = 0;
  let paired = false;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(part)) !== null) {
    const word = match[0].toLowerCase();
    if (pushPairs(word, out)) paired = true;
    else out.push(word);
  }
  return paired;
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
      const paired = pushWords(value, wordPattern, words);
      if (options.keepCompounds && !paired) pushCompound(words, start, words.length, options, compounds);
      continue;
    }
    const segments = value.split(namespacePattern);
    let paired = false;
    for (const segment of segments) {
      const segmentStart = words.length;
      let segmentPaired = false;
      for (const part of segment.split(connectorPattern)) if (part.length > 0 && pushWords(part, wordPattern, words)) segmentPaired = true;
      if (options.keepCompounds && segments.length > 1 && !segmentPaired) pushCompound(words, segmentStart, words.length, options, compounds);
      paired ||= segmentPaired;
    }
    if (options.keepCompounds && !paired) pushCompound(words, start, words.length, options, compounds);
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
 * Han, kana and Hangul runs yield their overlapping character pairs and no
 * compound. Words come first, in text order, then compounds.
 */
export function splitIdentifiers(text: string, options: SplitIdentifiersOptions): string[] {
  return nonAscii.test(text) ? splitIdentifiersWith(text, options, UNICODE_PATTERNS) : splitAsciiIdentifiers(text, options);
}
