import type { TokenCounter } from '@loadout/core';
import { createTiktokenCounter } from './tiktoken-counter.js';

let shared: TokenCounter | undefined;

/** The shared counter with the default encoding; built lazily, like every counter here. */
export function defaultTokenCounter(): TokenCounter {
  shared ??= createTiktokenCounter();
  return shared;
}
