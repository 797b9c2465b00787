import { createPieceCounter } from './piece-counter.js';
import type { SpelledPattern } from './pre-tokenizer-pattern.js';
import type { RankTable } from './rank-table.js';

/** Pieces up to this many UTF-16 units are memoized; longer ones are rare and mostly unique. */
const MAX_MEMOIZED_PIECE_LENGTH = 64;
/** A character outside ASCII: such text needs the whole pattern. */
const NON_ASCII = /[^\x00-\x7f]/;
/** The memo is cleared when it reaches this many pieces (a few MB), bounding memory. */
const MAX_MEMOIZED_PIECES = 100_000;

/**
 * An exact token counter over an encoding's `ranks` (its {@link RankTable}):
 * the text is split with the encoding's own
 * pre-tokenizer pattern (`pattern`: the rank file's `pat_str` spelled out
 * by `spellPreTokenizerPattern`, its ASCII form for ASCII text), and
 * each distinct piece is byte-pair encoded once and its count memoized.
 * Equals js-tiktoken's `encode(text, [], []).length`: special-token text
 * such as `<|endoftext|>` counts as ordinary text.
 */
export function createTextCounter(ranks: RankTable, spelled: SpelledPattern): (text: string) => number {
  const countPiece = createPieceCounter(ranks);
  const unicodePattern = new RegExp(spelled.unicode, 'gu');
  const asciiPattern = new RegExp(spelled.ascii, 'gu');
  const memo = new Map<string, number>();

  return (text) => {
    let total = 0;
    const pattern = NON_ASCII.test(text) ? unicodePattern : asciiPattern;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const piece = match[0];
      if (piece.length === 0) {
        pattern.lastIndex++;
        continue;
      }
      if (piece.length > MAX_MEMOIZED_PIECE_LENGTH) {
        total += countPiece(piece);
        continue;
      }
      let count = memo.get(piece);
      if (count === undefined) {
        count = countPiece(piece);
        if (memo.size >= MAX_MEMOIZED_PIECES) memo.clear();
        memo.set(piece, count);
      }
      total += count;
    }
    return total;
  };
}
