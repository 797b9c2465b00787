import { createBm25Ranker, DEFAULT_FIELD_WEIGHTS } from '@loadout/bm25';
import { createCatalog, isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { BM25_OPTIONS } from './bm25-options-schema.js';
import { createBuiltinRegistry } from './create-builtin-registry.js';

const registry = createBuiltinRegistry();

async function refusal(name: string, options: unknown): Promise<string> {
  try {
    await registry.createRanker(name, options, false);
  } catch (error) {
    if (isLoadoutError(error) && error.code === 'invalid-option') return error.message;
    throw error;
  }
  throw new Error('expected invalid-option');
}

describe('the BM25F knobs as definition options', () => {
  it('documents the defaults @loadout/bm25 applies', () => {
    const weights = BM25_OPTIONS['fieldWeights']!.properties!;
    expect(Object.fromEntries(Object.entries(weights).map(([field, spec]) => [field, spec.default]))).toEqual({ ...DEFAULT_FIELD_WEIGHTS });
    expect(BM25_OPTIONS['k1']!.default).toBe(2);
    expect(BM25_OPTIONS['b']!.default).toBe(0.6);
  });

  it.each(['bm25f', 'rerank', 'hybrid'])('%s takes k1, b and fieldWeights from rankerOptions', async (name) => {
    await expect(registry.createRanker(name, { k1: 1.2, b: 0.75, fieldWeights: { name: 3, server: 0 } }, false)).resolves.toBeDefined();
  });

  it('and they change the ranking as createBm25Ranker would', async () => {
    const { tools } = createCatalog([
      { name: 'notes', description: 'notes notes notes notes about a meeting' },
      { name: 'meeting_notes', description: 'the notes' },
    ]);
    const ranked = async (options: unknown) => {
      const ranker = await registry.createRanker('bm25f', options, false);
      await ranker.index(tools);
      return (await ranker.search('notes', { limit: 2 })).map((hit) => hit.score);
    };
    const direct = createBm25Ranker({ k1: 0.1, fieldWeights: { name: 0.5 } });
    direct.index(tools);
    expect(await ranked({ k1: 0.1, fieldWeights: { name: 0.5 } })).toEqual(direct.search('notes', { limit: 2 }).map((hit) => hit.score));
    expect(await ranked({ k1: 0.1, fieldWeights: { name: 0.5 } })).not.toEqual(await ranked(undefined));
  });

  it.each([
    ['bm25f', { bm25: { k1x: 1 } }, 'unknown option "bm25.k1x"; did you mean "k1"?'],
    ['bm25f', { fieldWeights: { nam: 2 } }, 'unknown option "fieldWeights.nam"; did you mean "name"?'],
    ['bm25f', { bm25: { fieldB: { descripton: 0.5 } } }, 'unknown option "bm25.fieldB.descripton"'],
    ['bm25f', { k1: 11 }, 'option k1 must be a number from 0 to 10, got 11'],
    ['bm25f', { bm25: { coverage: 'all' } }, 'option bm25.coverage must be one of "clauses", "xquad", "off"'],
    ['hybrid', { weights: { lexcial: 1 } }, 'unknown option "weights.lexcial"; did you mean "lexical"?'],
    ['hybrid', { weights: { semantic: -1 } }, 'option weights.semantic must be a number from 0 to 100, got -1'],
    ['rerank', { fieldWeights: { usage: 'high' } }, 'option fieldWeights.usage must be a number'],
  ])('%s refuses %j at every nesting level', async (name, options, message) => {
    expect(await refusal(name, options)).toContain(message);
  });
});
