import { DEFAULT_STOPWORDS, stripPlural } from '@loadout/bm25';
import { unicodeClass } from '@loadout/core/utils';

/** A run of text, marked when it is a matched term. */
export interface TextSegment {
  readonly text: string;
  readonly match: boolean;
}

// Letters, marks and digits of every script, from core's committed table (not `\p{…}`, as the analyzer's patterns).
const UPPER = unicodeClass('upper');
const LOWER = unicodeClass('lower', 'mark');
const OTHER = unicodeClass('title', 'otherLetter', 'mark');
const WORD_CHARACTER = `[${unicodeClass('upper', 'lower', 'title', 'otherLetter', 'mark', 'number')}]`;

/** Words joined by `_` or `-` (`pull_request`, `créer_ticket`). */
const WORD = new RegExp(`${WORD_CHARACTER}+(?:[_-]${WORD_CHARACTER}+)*`, 'gu');

/** Words, camelCase humps, digit runs and runs of uncased letters: how the BM25F analyzer splits tool text (lower-cased, plurals reduced). */
const PIECE = new RegExp(`[${UPPER}]?[${LOWER}]+|[${UPPER}]+[${unicodeClass('mark')}]*(?![${LOWER}])|[${unicodeClass('number')}]+|[${OTHER}]+`, 'gu');

/**
 * Han, kana and Hangul: the analyzer reads a run of them as its overlapping
 * character pairs (`検索する` → `検索`, `索す`, `する`), so a matched pair is
 * marked inside the run.
 */
const CJK = /[\u1100-\u11ff\u3005-\u3007\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{2fa1f}]/u;

const STOPWORDS = new Set(DEFAULT_STOPWORDS);

/**
 * Splits `text` into segments, marking each word piece whose lower-case form
 * or singular (as the default analyzer reduces plurals: `files` for `file`)
 * is one of `terms` (the explanation's `matchedTerms`; stopwords such as
 * "an" and "to", which a query never matches on, are never marked), and whole words
 * (`pull_request`, `PullRequest`) whose joined pieces are one, in every
 * script (`créer`, `straße`; in a Han or kana run such as `検索する`, the
 * matched character pairs, `検索`). Adjacent
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
  for (const word of text.matchAll(WORD)) {
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
        if (CJK.test(piece[0]) && !wanted(piece[0])) pushPairs(piece[0], matched, push);
        else push(piece[0], wanted(piece[0].toLowerCase()));
        inner = piece.index + piece[0].length;
      }
      push(whole.slice(inner), false);
    }
    position = start + whole.length;
  }
  push(text.slice(position), false);
  return segments;
}

/** Pushes a run of uncased letters character by character, marking each in a matched pair of neighbours (or matched alone). */
function pushPairs(run: string, matched: ReadonlySet<string>, push: (part: string, match: boolean) => void): void {
  const characters = Array.from(run);
  const marked = characters.map((character) => matched.has(character));
  for (let index = 1; index < characters.length; index++) {
    if (matched.has(characters[index - 1]! + characters[index]!)) marked[index - 1] = marked[index] = true;
  }
  characters.forEach((character, index) => push(character, marked[index]!));
}
