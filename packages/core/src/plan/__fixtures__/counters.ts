import type { TokenCounter } from '../../tokens/token-counter.js';

/** A counter that charges one token per character and records every call. */
export function createCharacterCounter(): TokenCounter & { readonly calls: string[] } {
  const calls: string[] = [];
  return {
    specificationVersion: 'v1',
    id: 'test/characters',
    calls,
    count(text: string): number {
      calls.push(text);
      return text.length;
    },
  };
}
