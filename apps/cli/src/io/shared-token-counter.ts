import { createCachedTokenCounter, type TokenCounter } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';

let shared: TokenCounter | undefined;

/** The process-wide tiktoken counter behind a content cache, built on first use. */
export function sharedTokenCounter(): TokenCounter {
  shared ??= createCachedTokenCounter(defaultTokenCounter());
  return shared;
}
