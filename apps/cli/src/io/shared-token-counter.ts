import { createCachedTokenCounter, type LoadoutError, type TokenCounter } from '@loadout/core';
import { loadKnownTokenCounts, tokenCountKey } from './known-token-counts.js';

let shared: TokenCounter | undefined;
let recording: Map<string, number> | undefined;

/**
 * The process-wide tiktoken counter (`@loadout/tokens`) behind a content
 * cache, imported and built on first use: its rank files take most of a
 * cold `plan`, so commands that can answer from known counts never load it.
 */
export async function sharedTokenCounter(): Promise<TokenCounter> {
  if (shared === undefined) {
    const { defaultTokenCounter } = await import('@loadout/tokens');
    shared = createCachedTokenCounter(defaultTokenCounter());
  }
  return shared;
}

/**
 * Runs `compute` with token counts of the embedded demo catalog counted at
 * build time (`demo-token-counts.json`, the same tiktoken counts), so
 * planning the demo catalog loads no tokenizer. When `compute` counts any
 * text the table lacks (a mod rewrote a description), it runs again with
 * the real counter, so the result is always the tokenizer's. `compute` must
 * be pure: it may run twice. A damaged table (checksum, range) is passed to
 * `onDamaged` (which warns, or throws under `--strict`) and the tokenizer
 * counts instead.
 */
export async function withKnownTokenCounts<T>(compute: (counter: TokenCounter) => T, onDamaged: (problem: LoadoutError) => void): Promise<T> {
  if (recording !== undefined) {
    const real = await sharedTokenCounter();
    const table = recording;
    return compute({ ...real, count: (text) => recordCount(table, text, real.count(text)) });
  }
  const { table: known, problem } = loadKnownTokenCounts();
  if (problem !== undefined) onDamaged(problem);
  if (known !== undefined) {
    let missed = false;
    const counter: TokenCounter = {
      specificationVersion: 'v1',
      id: known.counterId,
      count(text) {
        const count = known.counts.get(tokenCountKey(text));
        if (count === undefined) missed = true;
        return count ?? 0;
      },
    };
    const result = compute(counter);
    if (!missed) return result;
  }
  return compute(await sharedTokenCounter());
}

function recordCount(table: Map<string, number>, text: string, count: number): number {
  table.set(tokenCountKey(text), count);
  return count;
}

/**
 * Runs `run` with the real counter wherever {@link withKnownTokenCounts} is
 * used, and returns every text it counted (by key) with its count: how the
 * build makes the table (`build/write-demo-token-counts.ts`).
 */
export async function recordTokenCounts(run: () => Promise<unknown>): Promise<{ counterId: string; counts: Record<string, number> }> {
  recording = new Map();
  try {
    await run();
    return { counterId: (await sharedTokenCounter()).id, counts: Object.fromEntries([...recording].sort(([a], [b]) => (a < b ? -1 : 1))) };
  } finally {
    recording = undefined;
  }
}
