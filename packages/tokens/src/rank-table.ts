/**
 * The ranks of an encoding's tokens, looked up by a byte range without
 * building a string: an open-addressing hash table over one pool of token
 * bytes. Built straight from a js-tiktoken rank file's `bpe_ranks` text,
 * without js-tiktoken's own encoder (two maps keyed by strings); why, and
 * what each costs: `docs/decisions/0018-tiktoken-rank-table.md`.
 */
export interface RankTable {
  /** Number of tokens. */
  readonly size: number;
  /** The rank of `bytes[start..end)`, or -1 when that byte sequence is not a token. */
  rankOf(bytes: Uint8Array, start: number, end: number): number;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Int8Array(128).fill(-1);
for (let index = 0; index < BASE64_ALPHABET.length; index++) BASE64_VALUES[BASE64_ALPHABET.charCodeAt(index)] = index;

const SPACE = 32;
const NEWLINE = 10;
const EQUALS = 61;
/** The largest rank the table holds (ranks are stored as 32-bit signed integers). */
const MAX_RANK = 0x7fffffff;

/** FNV-1a over `bytes[start..end)`. */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ (bytes[index] as number), 0x01000193);
  return hash >>> 0;
}

function growInts(array: Int32Array<ArrayBuffer>, needed: number): Int32Array<ArrayBuffer> {
  if (needed <= array.length) return array;
  const grown = new Int32Array(Math.max(needed, array.length * 2));
  grown.set(array);
  return grown;
}

/**
 * Parses a rank file's `bpe_ranks` (js-tiktoken's compressed format: one
 * line per run of consecutive ranks, `<tag> <first rank> <base64 token>…`)
 * into a {@link RankTable}. A later token with the same bytes replaces an
 * earlier one, as in js-tiktoken. Returns undefined when the text is not in
 * that format: a damaged rank file. That is a rank that is not a
 * non-negative integer or, counting up along its run, exceeds 2^31 - 1; a
 * token with a character outside base64, padding inside it or more than two
 * `=`, or a length (padding included) that is not a multiple of four
 * (unpadded base64, which js-tiktoken's decoder rejects too); an empty
 * token; or no token at all.
 */
export function buildRankTable(bpeRanks: string): RankTable | undefined {
  // Base64 decodes to fewer bytes than it has characters: the pool never grows.
  const pool = new Uint8Array(bpeRanks.length);
  let starts = new Int32Array(1 << 16);
  let ranks = new Int32Array(1 << 16);
  let count = 0;
  let poolLength = 0;
  const length = bpeRanks.length;
  let position = 0;
  while (position < length) {
    let lineEnd = bpeRanks.indexOf('\n', position);
    if (lineEnd === -1) lineEnd = length;
    if (lineEnd === position) {
      position++;
      continue;
    }
    // The tag field is not used; then the first rank.
    let cursor = bpeRanks.indexOf(' ', position);
    if (cursor === -1 || cursor >= lineEnd) return undefined;
    cursor++;
    let rank = 0;
    let digits = 0;
    for (; cursor < lineEnd; cursor++, digits++) {
      const code = bpeRanks.charCodeAt(cursor);
      if (code === SPACE) break;
      if (code < 48 || code > 57) return undefined;
      rank = rank * 10 + (code - 48);
    }
    if (digits === 0 || rank > MAX_RANK) return undefined;
    // Tokens: base64, separated by single spaces.
    while (cursor < lineEnd) {
      cursor++;
      starts = growInts(starts, count + 2);
      ranks = growInts(ranks, count + 1);
      const tokenStart = poolLength;
      let accumulator = 0;
      let bits = 0;
      let characters = 0;
      let padding = 0;
      for (; cursor < lineEnd; cursor++) {
        const code = bpeRanks.charCodeAt(cursor);
        if (code === SPACE) break;
        if (code === EQUALS) {
          padding++;
          continue;
        }
        const value = code < 128 ? (BASE64_VALUES[code] as number) : -1;
        if (value < 0 || padding > 0) return undefined;
        characters++;
        accumulator = ((accumulator << 6) | value) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
          bits -= 8;
          pool[poolLength++] = (accumulator >> bits) & 0xff;
        }
      }
      // js-tiktoken's decoder reads whole groups of four only: unpadded or over-padded base64 is damage.
      if (poolLength === tokenStart || padding > 2 || (characters + padding) % 4 !== 0) return undefined;
      // A run's ranks count up from its first: none may leave the 32-bit table.
      if (rank > MAX_RANK) return undefined;
      starts[count] = tokenStart;
      ranks[count] = rank++;
      count++;
    }
    position = lineEnd + 1;
  }
  if (count === 0 || position < length) return undefined;
  starts[count] = poolLength;
  return createTable(pool, starts, ranks, count);
}

function createTable(pool: Uint8Array, starts: Int32Array, ranks: Int32Array, count: number): RankTable {
  let capacity = 1;
  while (capacity < count * 2) capacity <<= 1;
  const mask = capacity - 1;
  // Slot value: token index + 1; 0 is empty.
  const slots = new Int32Array(capacity);
  const sameBytes = (token: number, bytes: Uint8Array, start: number, end: number): boolean => {
    const tokenStart = starts[token] as number;
    if ((starts[token + 1] as number) - tokenStart !== end - start) return false;
    for (let offset = 0; offset < end - start; offset++) if (pool[tokenStart + offset] !== bytes[start + offset]) return false;
    return true;
  };
  let size = 0;
  for (let token = 0; token < count; token++) {
    const start = starts[token] as number;
    const end = starts[token + 1] as number;
    let slot = hashBytes(pool, start, end) & mask;
    for (;;) {
      const occupant = slots[slot] as number;
      if (occupant === 0) {
        slots[slot] = token + 1;
        size++;
        break;
      }
      if (sameBytes(occupant - 1, pool, start, end)) {
        slots[slot] = token + 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return {
    size,
    rankOf(bytes, start, end) {
      let slot = hashBytes(bytes, start, end) & mask;
      for (;;) {
        const occupant = slots[slot] as number;
        if (occupant === 0) return -1;
        if (sameBytes(occupant - 1, bytes, start, end)) return ranks[occupant - 1] as number;
        slot = (slot + 1) & mask;
      }
    },
  };
}
