/**
 * The character classes the identifier splitter and the tiktoken
 * pre-tokenizer (`@loadout/tokens`) need, read from the
 * running engine's Unicode property escapes, as one run-length string over
 * the code space (see `packages/core/src/utils/unicode-category-runs.ts`).
 * Used by `write-unicode-category-runs.ts` and by the test that proves the
 * committed table equal to `\p{…}`.
 */

/** The classes, in the order of their letters `B`…`G` in the encoding (`A` is none). */
export const CATEGORY_PATTERNS: readonly RegExp[] = [/\p{Lu}/u, /\p{Ll}/u, /[\p{Lm}\p{Lo}]/u, /\p{M}/u, /\p{N}/u, /\p{Lt}/u];

const LAST_CODE_POINT = 0x10ffff;
const CLASS_LETTERS = 'ABCDEFG';

/** Each code point's class: 0 for none, 1 + the index in {@link CATEGORY_PATTERNS} otherwise. */
export function classifyCodePoints(): Uint8Array {
  const classes = new Uint8Array(LAST_CODE_POINT + 1);
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    const character = String.fromCodePoint(codePoint);
    for (let index = 0; index < CATEGORY_PATTERNS.length; index++) {
      if (CATEGORY_PATTERNS[index]!.test(character)) {
        classes[codePoint] = index + 1;
        break;
      }
    }
  }
  return classes;
}

/** Runs of equal class from U+0000 to U+10FFFF: each the run's length in base 36 (omitted when 1), then its class letter. */
export function encodeCategoryRuns(classes: Uint8Array): string {
  let encoded = '';
  let start = 0;
  for (let codePoint = 1; codePoint <= classes.length; codePoint++) {
    if (codePoint < classes.length && classes[codePoint] === classes[start]) continue;
    const length = codePoint - start;
    encoded += (length === 1 ? '' : length.toString(36)) + CLASS_LETTERS[classes[start]!];
    start = codePoint;
  }
  return encoded;
}
