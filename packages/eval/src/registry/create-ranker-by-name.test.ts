import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { loadEvalSet } from '../eval-set/load-eval-set.js';
import { evaluateRanker } from '../evaluate/evaluate-ranker.js';
import { createRankerByName } from './create-ranker-by-name.js';
import { DEFAULT_RANKER_NAME, checkRankerName, isRankerName, listRankers } from './ranker-names.js';

const tiny = fileURLToPath(new URL('../eval-set/__fixtures__/tiny', import.meta.url));

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string; details: Readonly<Record<string, unknown>> }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isLoadoutError(error)) throw new Error(`expected a LoadoutError, got ${String(error)}`);
  return error;
}

describe('ranker registry names', () => {
  it('lists every ranker, the default first', () => {
    expect(listRankers()).toEqual(['bm25f', 'wink-bm25', 'regex', 'static-embedding', 'hybrid']);
    expect(DEFAULT_RANKER_NAME).toBe('bm25f');
    expect(isRankerName('hybrid')).toBe(true);
    expect(isRankerName('BM25F')).toBe(false);
  });

  it('rejects an unknown name with unknown-ranker, naming it and listing the valid names', async () => {
    const error = await rejection(createRankerByName('bm52'));
    expect(error.code).toBe('unknown-ranker');
    expect(error.message).toContain('"bm52"');
    for (const name of listRankers()) expect(error.message).toContain(name);
    expect(error.details['valid']).toEqual([...listRankers()]);
    expect(() => checkRankerName(42)).toThrow(/unknown ranker 42/);
  });

  it('rejects an unknown vector index kind', async () => {
    const error = await rejection(createRankerByName('static-embedding', { vectorIndex: 'annoy' as 'exact' }));
    expect(error.code).toBe('invalid-option');
    expect(error.message).toContain('"annoy"');
  });
});

describe('createRankerByName with the real rankers', () => {
  it('builds BM25F by default and evaluates it end to end on the tiny set', async () => {
    const ranker = await createRankerByName();
    expect(ranker.name).toBe('bm25f');
    const result = await evaluateRanker(ranker, await loadEvalSet(tiny));
    expect(result.tools).toBe(6);
    expect(result['mrr@10']).toBe(1);
    expect(result['recall@5']).toBe(1);
  });

  it('builds every registered ranker under its registry name', async () => {
    for (const name of listRankers()) {
      const ranker = await createRankerByName(name, name === 'hybrid' ? {} : { vectorIndex: 'exact' });
      expect(ranker.specificationVersion).toBe('v1');
      expect(ranker.name).toBe(name);
    }
  });

  it('passes bm25 options through to createBm25Ranker', async () => {
    const error = await rejection(createRankerByName('bm25f', { bm25: { k1: -1 } }));
    expect(error.code).toBe('invalid-option');
    expect(error.message).toContain('k1');
    expect((await rejection(createRankerByName('hybrid', { bm25: { k1: -1 } }))).code).toBe('invalid-option');
  });
});
