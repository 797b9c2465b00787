import { Tiktoken } from 'js-tiktoken/lite';
import { createLoadoutError, describeValue } from '@loadout/core';
import type { TokenCounter } from '@loadout/core';
import { DEFAULT_TIKTOKEN_ENCODING, TIKTOKEN_RANKS, isTiktokenEncodingName } from './encodings.js';
import type { TiktokenEncodingName } from './encodings.js';
import { buildRankTable } from './rank-table.js';
import { createTextCounter } from './text-counter.js';

/** Options of {@link createTiktokenCounter}. */
export interface TiktokenCounterOptions {
  /** The tiktoken encoding. Default: {@link DEFAULT_TIKTOKEN_ENCODING} (`cl100k_base`). */
  encoding?: TiktokenEncodingName;
}

const textCounters = new Map<TiktokenEncodingName, (text: string) => number>();

function textCounterFor(encoding: TiktokenEncodingName): (text: string) => number {
  let counter = textCounters.get(encoding);
  if (counter === undefined) {
    const ranks = TIKTOKEN_RANKS[encoding];
    // js-tiktoken's own encoder only if the rank file is not in the format the table reads.
    counter = createTextCounter(buildRankTable(ranks.bpe_ranks) ?? new Tiktoken(ranks), ranks.pat_str);
    textCounters.set(encoding, counter);
  }
  return counter;
}

/**
 * A {@link TokenCounter} on js-tiktoken, offline and browser-safe. Counts
 * equal `encode(text).length` exactly, with special-token text counted as
 * ordinary text. The rank table is built on the first `count` (about 30 ms
 * for `cl100k_base`, 60 ms for `o200k_base`) and shared by every counter of
 * the same encoding; creating a counter is cheap.
 * Throws `invalid-option` for an unknown encoding.
 */
export function createTiktokenCounter(options: TiktokenCounterOptions = {}): TokenCounter {
  const encoding = options.encoding ?? DEFAULT_TIKTOKEN_ENCODING;
  if (!isTiktokenEncodingName(encoding)) {
    throw createLoadoutError(
      'invalid-option',
      `@loadout/tokens: unknown encoding ${describeValue(encoding)}; expected one of ${Object.keys(TIKTOKEN_RANKS).join(', ')}`,
      { option: 'encoding', value: encoding },
    );
  }
  let countText: ((text: string) => number) | undefined;
  return {
    specificationVersion: 'v1',
    id: `tiktoken/${encoding}`,
    count(text) {
      countText ??= textCounterFor(encoding);
      return countText(text);
    },
  };
}
