import type { SplitIdentifiersOptions } from './split-identifiers.js';

const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
const CONNECTOR = 4;

/** Character class of each ASCII code. */
const CLASSES = new Uint8Array(128);
for (let code = 65; code <= 90; code++) CLASSES[code] = UPPER;
for (let code = 97; code <= 122; code++) CLASSES[code] = LOWER;
for (let code = 48; code <= 57; code++) CLASSES[code] = DIGIT;
for (const connector of '_-./:') CLASSES[connector.charCodeAt(0)] = CONNECTOR;

const isAlphanumeric = (kind: number): boolean => kind === UPPER || kind === LOWER || kind === DIGIT;

function classify(text: string, kinds: Uint8Array): void {
  for (let index = 0; index < text.length; index++) kinds[index] = CLASSES[text.charCodeAt(index)]!;
}

/** Where the word starting at `at` ends (see `ASCII_PATTERNS.wordsSplittingDigits` / `wordsKeepingDigits`). */
function wordEnd(kinds: Uint8Array, at: number, end: number, splitDigits: boolean): number {
  const kind = kinds[at]!;
  if (kind === UPPER) {
    let upper = at + 1;
    while (upper < end && kinds[upper] === UPPER) upper++;
    const next = upper < end ? kinds[upper]! : OTHER;
    // An acronym before a capitalised word ("HTMLParser"): all but its last capital.
    if (upper - at >= 2 && next === LOWER) return upper - 1;
    if (upper - at === 1 && (next === LOWER || (!splitDigits && next === DIGIT))) {
      let tail = upper + 1;
      while (tail < end && (kinds[tail] === LOWER || (!splitDigits && kinds[tail] === DIGIT))) tail++;
      return tail;
    }
    if (splitDigits) return upper;
    while (upper < end && kinds[upper] === DIGIT) upper++;
    return upper;
  }
  let tail = at + 1;
  if (splitDigits) while (tail < end && kinds[tail] === kind) tail++;
  else while (tail < end && (kinds[tail] === LOWER || kinds[tail] === DIGIT)) tail++;
  return tail;
}

function pushCompound(words: readonly string[], from: number, to: number, maxLength: number, out: string[]): void {
  if (to - from < 2) return;
  let compound = '';
  for (let index = from; index < to; index++) compound += words[index];
  if (compound.length <= maxLength) out.push(compound);
}

/** True when the connector run `text[from .. to)` separates namespace segments (`.`, `/`, `::` or `__`). */
function splitsSegments(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code === 46 || code === 47) return true;
    if ((code === 58 || code === 95) && index + 1 < to && text.charCodeAt(index + 1) === code) return true;
  }
  return false;
}

let kindsBuffer = new Uint8Array(256);

/**
 * Where each chunk (an identifier or word with its joiners) of a text lies
 * and which tokens it produced, filled by {@link splitAsciiIdentifiers}.
 * Tokens come chunk by chunk, words first, so chunk `c` owns the words
 * `[words[c], words[c + 1])` and the compounds `[compounds[c], compounds[c + 1])`
 * of the token list; the text of chunk `c` is `[start[c], end[c])`.
 */
export interface TokenChunks {
  count: number;
  start: Int32Array;
  end: Int32Array;
  /** `count + 1` token indexes: the first word of each chunk, then the number of words. */
  words: Int32Array;
  /** `count + 1` token indexes: the first compound of each chunk, then the number of tokens. */
  compounds: Int32Array;
}

/** Empty chunk buffers, grown as needed. */
export function createTokenChunks(): TokenChunks {
  return { count: 0, start: new Int32Array(16), end: new Int32Array(16), words: new Int32Array(17), compounds: new Int32Array(17) };
}

function growChunks(chunks: TokenChunks): void {
  const length = chunks.start.length * 2;
  const grow = (buffer: Int32Array, size: number): Int32Array => {
    const next = new Int32Array(size);
    next.set(buffer);
    return next;
  };
  chunks.start = grow(chunks.start, length);
  chunks.end = grow(chunks.end, length);
  chunks.words = grow(chunks.words, length + 1);
  chunks.compounds = grow(chunks.compounds, length + 1);
}

/**
 * `splitIdentifiers` for text of ASCII characters only, scanning character
 * codes instead of running regular expressions: the same tokens in the same
 * order as `splitIdentifiersWith(text, options, ASCII_PATTERNS)`. With
 * `chunks`, also records where each chunk lies and which tokens it gave.
 */
export function splitAsciiIdentifiers(text: string, options: SplitIdentifiersOptions, chunks?: TokenChunks): string[] {
  const length = text.length;
  if (kindsBuffer.length < length) kindsBuffer = new Uint8Array(Math.max(length, kindsBuffer.length * 2));
  const kinds = kindsBuffer;
  classify(text, kinds);
  const lower = text.toLowerCase();
  const { splitDigits, keepCompounds, maxCompoundLength } = options;
  const words: string[] = [];
  const compounds: string[] = [];
  if (chunks !== undefined) chunks.count = 0;
  let at = 0;
  while (at < length) {
    if (!isAlphanumeric(kinds[at]!)) {
      at++;
      continue;
    }
    const chunkStart = words.length;
    if (chunks !== undefined) {
      if (chunks.count === chunks.start.length) growChunks(chunks);
      chunks.start[chunks.count] = at;
      chunks.words[chunks.count] = chunkStart;
      chunks.compounds[chunks.count] = compounds.length;
    }
    let segmentStart = chunkStart;
    let namespaced = false;
    for (;;) {
      let end = at + 1;
      while (end < length && isAlphanumeric(kinds[end]!)) end++;
      while (at < end) {
        const stop = wordEnd(kinds, at, end, splitDigits);
        words.push(lower.slice(at, stop));
        at = stop;
      }
      let next = end;
      while (next < length && kinds[next] === CONNECTOR) next++;
      if (next === end || next === length || !isAlphanumeric(kinds[next]!)) {
        if (chunks !== undefined) chunks.end[chunks.count++] = end;
        break;
      }
      if (splitsSegments(text, end, next)) {
        if (keepCompounds) pushCompound(words, segmentStart, words.length, maxCompoundLength, compounds);
        segmentStart = words.length;
        namespaced = true;
      }
      at = next;
    }
    if (keepCompounds) {
      if (namespaced) pushCompound(words, segmentStart, words.length, maxCompoundLength, compounds);
      pushCompound(words, chunkStart, words.length, maxCompoundLength, compounds);
    }
  }
  if (chunks !== undefined) {
    const wordCount = words.length;
    for (let chunk = 0; chunk < chunks.count; chunk++) chunks.compounds[chunk] = chunks.compounds[chunk]! + wordCount;
    chunks.words[chunks.count] = wordCount;
    chunks.compounds[chunks.count] = wordCount + compounds.length;
  }
  for (const compound of compounds) words.push(compound);
  return words;
}
