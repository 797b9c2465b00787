/** A compiled glob over tool names; see {@link compileGlob}. */
export interface GlobMatcher {
  /** The pattern as given. */
  readonly pattern: string;
  /** True when the whole `name` matches (anchored, case-sensitive). */
  matches(name: string): boolean;
}

const STAR = -1;
const ANY = -2;
/** Longest token count simulated in one 32-bit word (bits 0..30). */
const MAX_WORD_TOKENS = 30;

/**
 * Compiles a glob over tool names: `*` matches any run of characters
 * (including none), `?` exactly one character (one Unicode code point),
 * everything else itself. Anchored at both ends and case-sensitive; there is
 * no escape syntax and no character classes. Any string is a valid pattern.
 *
 * Matching simulates the pattern's automaton (bit-parallel for patterns of
 * up to 30 tokens), so it runs in time linear in the name and never
 * backtracks, whatever the pattern.
 */
export function compileGlob(pattern: string): GlobMatcher {
  const tokens = tokenize(pattern);
  if (!tokens.includes(STAR) && !tokens.includes(ANY)) {
    return { pattern, matches: (name) => name === pattern };
  }
  if (tokens.length === 1 && tokens[0] === STAR) {
    return { pattern, matches: () => true };
  }
  const matches = tokens.length <= MAX_WORD_TOKENS ? wordMatcher(tokens) : arrayMatcher(tokens);
  return { pattern, matches };
}

/** Code points of the pattern, with `*` as STAR (runs collapsed) and `?` as ANY. */
function tokenize(pattern: string): number[] {
  const tokens: number[] = [];
  for (const char of pattern) {
    const token = char === '*' ? STAR : char === '?' ? ANY : (char.codePointAt(0) as number);
    if (token === STAR && tokens[tokens.length - 1] === STAR) continue;
    tokens.push(token);
  }
  return tokens;
}

/**
 * Bit k of the state means "the first k tokens are consumed". A character
 * advances every state whose next token accepts it, and keeps every state
 * that just consumed a `*`; a `*` may also be consumed by nothing.
 */
function wordMatcher(tokens: readonly number[]): (name: string) => boolean {
  const charMasks = new Map<number, number>();
  let anyMask = 0;
  let starMask = 0;
  for (let index = 0; index < tokens.length; index++) {
    const bit = 1 << (index + 1);
    const token = tokens[index] as number;
    if (token === STAR) starMask |= bit;
    else if (token === ANY) anyMask |= bit;
    else charMasks.set(token, (charMasks.get(token) ?? 0) | bit);
  }
  const acceptBit = 1 << tokens.length;
  const initial = 1 | ((1 << 1) & starMask);
  return (name) => {
    let state = initial;
    for (let offset = 0; offset < name.length; ) {
      const code = name.codePointAt(offset) as number;
      offset += code > 0xffff ? 2 : 1;
      const mask = (charMasks.get(code) ?? 0) | anyMask;
      state = ((state << 1) & mask) | (state & starMask);
      state |= (state << 1) & starMask;
      if (state === 0) return false;
    }
    return (state & acceptBit) !== 0;
  };
}

/** The same automaton over a byte array, for patterns too long for one word. */
function arrayMatcher(tokens: readonly number[]): (name: string) => boolean {
  const size = tokens.length + 1;
  return (name) => {
    let current = new Uint8Array(size);
    let next = new Uint8Array(size);
    current[0] = 1;
    closeOverStars(current, tokens);
    for (let offset = 0; offset < name.length; ) {
      const code = name.codePointAt(offset) as number;
      offset += code > 0xffff ? 2 : 1;
      next.fill(0);
      let alive = false;
      for (let state = 0; state < size; state++) {
        if (current[state] === 0) continue;
        const token = tokens[state];
        if (state > 0 && tokens[state - 1] === STAR) {
          next[state] = 1;
          alive = true;
        }
        if (token !== undefined && token !== STAR && (token === ANY || token === code)) {
          next[state + 1] = 1;
          alive = true;
        }
      }
      if (!alive) return false;
      closeOverStars(next, tokens);
      [current, next] = [next, current];
    }
    return current[tokens.length] === 1;
  };
}

function closeOverStars(states: Uint8Array, tokens: readonly number[]): void {
  for (let state = 0; state < tokens.length; state++) {
    if (states[state] === 1 && tokens[state] === STAR) states[state + 1] = 1;
  }
}
