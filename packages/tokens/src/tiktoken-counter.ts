import { createLoadoutError, describeValue } from '@loadout/core';
import type { TokenCounter } from '@loadout/core';
import type { TiktokenBPE } from 'js-tiktoken/lite';
import { DEFAULT_TIKTOKEN_ENCODING, TIKTOKEN_ENCODINGS, isTiktokenEncodingName } from './encodings.js';
import type { TiktokenEncodingName } from './encodings.js';
import { loadRankFile } from '#load-rank-file';
import { spellPreTokenizerPattern } from './pre-tokenizer-pattern.js';
import { buildRankTable } from './rank-table.js';
import { createTextCounter } from './text-counter.js';

/** Options of {@link createTiktokenCounter}. */
export interface TiktokenCounterOptions {
  /** The tiktoken encoding. Default: `cl100k_base`. */
  encoding?: TiktokenEncodingName;
}

const textCounters = new Map<TiktokenEncodingName, (text: string) => number>();

function textCounterFor(encoding: TiktokenEncodingName): (text: string) => number {
  let counter = textCounters.get(encoding);
  if (counter === undefined) {
    const file = `js-tiktoken/ranks/${encoding}`;
    const loaded = loadRankFile(encoding);
    const ranks = typeof loaded === 'object' && loaded !== null ? (loaded as Partial<TiktokenBPE>) : undefined;
    const table = typeof ranks?.bpe_ranks === 'string' ? buildRankTable(ranks.bpe_ranks) : undefined;
    const pattern = typeof ranks?.pat_str === 'string' ? spellPreTokenizerPattern(ranks.pat_str) : undefined;
    if (table === undefined || pattern === undefined) {
      // Never echo the file or the loader's error: the message names the encoding and the module only.
      const state = loaded === undefined ? 'is missing or cannot be loaded' : 'is damaged or empty';
      throw createLoadoutError('model-unavailable', `@loadout/tokens: the rank file of encoding "${encoding}" (${file}) ${state}; reinstall js-tiktoken`, {
        encoding,
        file,
      });
    }
    counter = createTextCounter(table, pattern);
    textCounters.set(encoding, counter);
  }
  return counter;
}

/**
 * A {@link TokenCounter} on js-tiktoken, offline and browser-safe. Counts
 * equal `encode(text).length` exactly, with special-token text counted as
 * ordinary text. The rank table is built on the first `count` (its cost is
 * in `benchmarks/RESULTS.md`) and shared by every counter of the same
 * encoding; creating a counter is cheap.
 * The rank file is loaded on that first count too, so importing this package
 * never fails and never parses megabytes of ranks.
 * Throws `invalid-option` for an unknown encoding, and `model-unavailable`
 * (from `count`, on every call) when the encoding's rank file is missing or
 * damaged.
 */
export function createTiktokenCounter(options: TiktokenCounterOptions = {}): TokenCounter {
  const encoding = options.encoding ?? DEFAULT_TIKTOKEN_ENCODING;
  if (!isTiktokenEncodingName(encoding)) {
    throw createLoadoutError(
      'invalid-option',
      `@loadout/tokens: unknown encoding ${describeValue(encoding)}; expected one of ${TIKTOKEN_ENCODINGS.join(', ')}`,
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
