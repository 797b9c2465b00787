import { countBytePairTokens } from './byte-pair-count.js';
import type { RankTable } from './rank-table.js';

/**
 * Returns a function counting the tokens of one pre-tokenizer piece: a
 * heap-based byte-pair merge over `ranks` (long pieces stay fast).
 */
export function createPieceCounter(ranks: RankTable): (piece: string) => number {
  const textEncoder = new TextEncoder();
  const rankOf = (bytes: Uint8Array, start: number, end: number): number => ranks.rankOf(bytes, start, end);
  return (piece) => {
    const bytes = textEncoder.encode(piece);
    return ranks.rankOf(bytes, 0, bytes.length) >= 0 ? 1 : countBytePairTokens(bytes, rankOf);
  };
}
