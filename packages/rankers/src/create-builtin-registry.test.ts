import { describe, expect, it } from 'vitest';
import { createCatalog, isLoadoutError } from '@loadout/core';
import type { RankerDefinition } from '@loadout/core';
import { createFakeRanker } from '@loadout/core/test';
import { BUILTIN_RANKERS } from './builtin-rankers.js';
import { createBuiltinRegistry } from './create-builtin-registry.js';

const tools = createCatalog([
  { name: 'get', description: 'Get a value' },
  { name: 'get_forecast', server: 'weather', description: 'Get the weather forecast for a city' },
  { name: 'send_message', server: 'slack', description: 'Send a message' },
]).tools;

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  if (!isLoadoutError(error)) throw new Error(`expected a LoadoutError, got ${String(error)}`);
  return error;
}

describe('createBuiltinRegistry', () => {
  it('registers every built-in, bm25f the default, each building a v1 ranker under its name', async () => {
    const registry = createBuiltinRegistry();
    expect(registry.rankers.map((definition) => definition.name)).toEqual(['bm25f', 'wink-bm25', 'regex', 'rerank', 'static-embedding', 'hybrid', 'rerank-glove']);
    expect(registry.defaultRanker).toBe('bm25f');
    for (const definition of BUILTIN_RANKERS) {
      const ranker = await registry.createRanker(definition.name, undefined, false);
      expect(ranker.specificationVersion).toBe('v1');
      expect(ranker.name).toBe(definition.name);
    }
    expect(registry.ranker('bm25f').capabilities?.persistence?.format).toBe('lbmf2');
  });

  it('never wraps regex with the query syntax: ^get_ finds get_forecast, not get', async () => {
    const registry = createBuiltinRegistry();
    expect(registry.ranker('regex').queryKind).toBe('pattern');
    const ranker = await registry.createRanker('regex');
    await ranker.index(tools);
    expect((await ranker.search('^get_')).map((hit) => hit.tool.name)).toEqual(['get_forecast']);
  });

  it('checks options against each definition and names the ranker, option and value', async () => {
    const registry = createBuiltinRegistry();
    expect((await rejection(registry.createRanker('bm25f', { bm25: { k1: -1 } }))).message).toContain('k1');
    expect((await rejection(registry.createRanker('static-embedding', { vectorIndex: 'annoy' }))).message).toBe(
      'ranker "static-embedding": option vectorIndex must be one of "exact", "hnsw", got "annoy"',
    );
    expect((await rejection(registry.createRanker('bm25'))).message).toMatch(/unknown ranker "bm25"; valid names: bm25f, wink-bm25, .*; did you mean "bm25f"\?/);
    for (const name of ['static-embedding', 'hybrid']) {
      const error = await rejection(registry.createRanker(name, { embedder: 'openai' }));
      expect(error).toMatchObject({ code: 'invalid-option', message: expect.stringContaining(`ranker "${name}": embedder must be an Embedder object`) });
    }
  });

  it('adds user rankers and mods, refusing a name a built-in has', async () => {
    const mine: RankerDefinition = { specificationVersion: 'v1', name: 'mine', queryKind: 'keywords', create: () => createFakeRanker({ name: 'mine' }) };
    const registry = createBuiltinRegistry({ rankers: [mine], mods: [{ name: 'team', hooks: {} }] });
    expect((await registry.createRanker('mine')).name).toBe('mine');
    expect(registry.mods.map((mod) => mod.name)).toEqual(['team']);
    expect(() => createBuiltinRegistry({ rankers: [{ ...mine, name: 'bm25f' }] })).toThrow(/two rankers are named "bm25f"/);
  });
});
