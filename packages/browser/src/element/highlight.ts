import { DEFAULT_STOPWORDS, stripPlural } from '@loadout/bm25';

/** A run of text, marked when it is a matched term. */
export interface TextSegment {
  readonly text: string;
  readonly match: boolean;
}

/** Words, camelCase humps and digit runs: how the BM25F analyzer splits tool text (lower-cased, plurals reduced). */
const PIECE = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g;

const STOPWORDS = new Set(DEFAULT_STOPWORDS);

/**
 * Splits `text` into segments, marking each word piece whose lower-case form
 * or singular (as the default analyzer reduces plurals: `files` for `file`)
 * is one of `terms` (the explanation's `matchedTerms`; stopwords such as
 * "an" and "to", which a query never matches on, are never marked), and whole words
 * (`pull_request`, `PullRequest`) whose joined pieces are one. Adjacent
 * segments of the same kind are merged; concatenating the segments gives
 * `text` back.
 */
export function highlightSegments(text: string, terms: readonly string[]): TextSegment[] {
  const matched = new Set(terms.map((term) => term.toLowerCase()).filter((term) => term !== '' && !STOPWORDS.has(term)));
  const wanted = (word: string): boolean => matched.has(word) || matched.has(stripPlural(word));
  const segments: TextSegment[] = [];
  const push = (part: string, match: boolean): void => {
    if (part === '') return;
    const last = segments[segments.length - 1];
    if (last !== undefined && last.match === match) segments[segments.length - 1] = { text: last.text + part, match };
    else segments.push({ text: part, match });
  };
  if (matched.size === 0) {
    push(text, false);
    return segments;
  }
  let position = 0;
  for (const word of text.matchAll(/[A-Za-z0-9]+(?:[_-][A-Za-z0-9]+)*/g)) {
    const start = word.index;
    push(text.slice(position, start), false);
    const whole = word[0];
    const joined = (whole.match(PIECE) ?? []).join('').toLowerCase();
    if (wanted(joined) || wanted(whole.toLowerCase())) {
      push(whole, true);
    } else {
      let inner = 0;
      for (const piece of whole.matchAll(PIECE)) {
        push(whole.slice(inner, piece.index), false);
        push(piece[0], wanted(piece[0].toLowerCase()));
        inner = piece.index + piece[0].length;
      }
      push(whole.slice(inner), false);
    }
    position = start + whole.length;
  }
  push(text.slice(position), false);
  return segments;
}
