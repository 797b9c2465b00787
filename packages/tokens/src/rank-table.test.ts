import { Tiktoken } from 'js-tiktoken/lite';
import { describe, expect, it } from 'vitest';
import { RANK_FILES } from './__fixtures__/rank-files.js';
import type { TiktokenEncodingName } from './encodings.js';
import { buildRankTable } from './rank-table.js';

const keyBytes = (key: string): Uint8Array => Uint8Array.from(key.split(',').map(Number));

describe.each<TiktokenEncodingName>(['cl100k_base', 'o200k_base'])('buildRankTable (%s)', (encoding) => {
  const ranks = RANK_FILES[encoding];
  const table = buildRankTable(ranks.bpe_ranks)!;
  // js-tiktoken's rank map (comma-joined bytes to rank): not public API, read here only as the reference.
  const reference = (new Tiktoken(ranks) as unknown as { rankMap: Map<string, number> }).rankMap;

  it('holds exactly the ranks js-tiktoken reads from the same file', () => {
    expect(reference.size).toBeGreaterThan(100_000);
    expect(table.size).toBe(reference.size);
    for (const [key, rank] of reference) {
      const bytes = keyBytes(key);
      if (table.rankOf(bytes, 0, bytes.length) !== rank) expect({ key, rank: table.rankOf(bytes, 0, bytes.length) }).toEqual({ key, rank });
    }
  });

  it('looks up a byte range inside a longer array, and answers -1 for a sequence that is no token', () => {
    const bytes = new TextEncoder().encode('xx hello yy');
    const hello = new TextEncoder().encode(' hello');
    expect(table.rankOf(bytes, 2, 8)).toBe(reference.get(Array.from(hello).join(',')));
    expect(table.rankOf(Uint8Array.of(0xff, 0xfe, 0xfd, 0xfc, 0xfb), 0, 5)).toBe(-1);
    expect(table.rankOf(bytes, 3, 3)).toBe(-1);
  });
});

describe('buildRankTable on text that is not a rank file', () => {
  it('reads the compressed format: runs of consecutive ranks, later duplicates winning', () => {
    // "aGk=" is "hi", "aGV5" is "hey" (no padding needed).
    const table = buildRankTable('! 0 YQ== Yg==\n! 7 aGk=\n! 9 aGk= aGV5\n')!;
    expect(table.size).toBe(4);
    expect(table.rankOf(Uint8Array.of(97), 0, 1)).toBe(0);
    expect(table.rankOf(Uint8Array.of(98), 0, 1)).toBe(1);
    expect(table.rankOf(Uint8Array.of(104, 105), 0, 2)).toBe(9);
    expect(table.rankOf(Uint8Array.of(104, 101, 121), 0, 3)).toBe(10);
  });

  it('holds the largest 32-bit rank, and rejects one past it, first in its run or counted up to', () => {
    expect(buildRankTable('! 2147483647 YQ==')?.rankOf(Uint8Array.of(97), 0, 1)).toBe(2_147_483_647);
    for (const text of ['! 2147483648 YQ==', '! 2147483646 YQ== Yg== Yw==', '! 99999999999999999999 YQ==']) {
      expect(buildRankTable(text), text).toBeUndefined();
    }
  });

  it('rejects base64 js-tiktoken would not decode: unpadded, over-padded, or with padding inside', () => {
    for (const token of ['aGk', 'YQ', 'YQ=', 'YWJ==', 'Y===', 'YQ===', '=', 'YQ==Yg==']) {
      expect(buildRankTable(`! 0 ${token}`), token).toBeUndefined();
    }
  });

  it('returns undefined for anything else (a damaged rank file)', () => {
    for (const text of ['', '\n', 'no-rank', '! x YQ==', '! 0 Y*Q=', '! 0 YQ=Yg', '! 0 ', '{"bpe": 1}']) {
      expect(buildRankTable(text), JSON.stringify(text)).toBeUndefined();
    }
  });
});
