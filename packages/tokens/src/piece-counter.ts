import { encodeUtf8 } from '@loadout/core/utils';
import { countBytePairTokens } from './byte-pair-count.js';
import type { RankTable } from './rank-table.js';

/**
 * Returns a function counting the tokens of one pre-tokenizer piece: a
 * heap-based byte-pair merge over `ranks` (long pieces stay fast), on the
 * piece's UTF-8 encoded by core's codec (no `TextEncoder`: QuickJS lacks it).
 */
export function createPieceCounter(ranks: RankTable): (piece: string) => number {
  const rankOf = (bytes: Uint8Array, start: number, end: number): number => ranks.rankOf(bytes, start, end);
  return (piece) => {
    const bytes = encodeUtf8(piece);
    return ranks.rankOf(bytes, 0, bytes.length) >= 0 ? 1 : countBytePairTokens(bytes, rankOf);
  };
}
