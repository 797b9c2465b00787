import type { Tiktoken } from 'js-tiktoken/lite';
import { countBytePairTokens } from './byte-pair-count.js';

type RankMap = ReadonlyMap<string, number>;

/**
 * js-tiktoken 1.0.x keeps its ranks in a `rankMap` keyed by comma-joined
 * bytes. It is not public API, so use it only after checking that it agrees
 * with `encode` on a probe.
 */
function rankMapOf(encoder: Tiktoken): RankMap | undefined {
  const candidate = (encoder as unknown as { rankMap?: unknown }).rankMap;
  if (!(candidate instanceof Map)) return undefined;
  const probe = encoder.encode('hello', [], []);
  const probeKey = Array.from(new TextEncoder().encode('hello')).join(',');
  return probe.length === 1 && candidate.get(probeKey) === probe[0] ? (candidate as RankMap) : undefined;
}

/**
 * Returns a function counting the tokens of one pre-tokenizer piece. Uses a
 * heap-based byte-pair merge over the encoder's rank map when available (long
 * pieces stay fast), else falls back to `encode` on the piece.
 */
export function createPieceCounter(encoder: Tiktoken): (piece: string) => number {
  const ranks = rankMapOf(encoder);
  if (ranks === undefined) return (piece) => encoder.encode(piece, [], []).length;
  const textEncoder = new TextEncoder();
  const rankOf = (key: string): number | undefined => ranks.get(key);
  return (piece) => {
    const bytes = textEncoder.encode(piece);
    return ranks.has(bytes.join(',')) ? 1 : countBytePairTokens(bytes, rankOf);
  };
}
