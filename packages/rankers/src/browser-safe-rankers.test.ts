import { describe, expect, it } from 'vitest';
import { INDEX_FORMAT_VERSION } from '@loadout/bm25';
import { isLoadoutError } from '@loadout/core';
import type { RankerDefinition } from '@loadout/core';
import { createFakeRanker } from '@loadout/core/test';
import { BROWSER_SAFE_RANKERS } from './browser-safe-rankers.js';
import { BUILTIN_RANKERS } from './builtin-rankers.js';
import { createBrowserSafeRegistry } from './create-browser-safe-registry.js';

function caught(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isLoadoutError(error)) return error;
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('the browser-safe built-ins', () => {
  it('are exactly the built-ins whose definition declares capabilities.browserSafe', () => {
    expect(BROWSER_SAFE_RANKERS.map((definition) => definition.name)).toEqual(
      BUILTIN_RANKERS.filter((definition) => definition.capabilities?.browserSafe === true).map((definition) => definition.name),
    );
    expect(BUILTIN_RANKERS.slice(0, BROWSER_SAFE_RANKERS.length)).toEqual(BROWSER_SAFE_RANKERS);
  });

  it('persist BM25F, and every ranker that saves its first stage, under the @loadout/bm25 blob format version', () => {
    expect(BROWSER_SAFE_RANKERS[0]?.capabilities?.persistence?.format).toBe(`lbmf${INDEX_FORMAT_VERSION}`);
    const lexical = BUILTIN_RANKERS.filter((definition) => definition.capabilities?.persistence?.format.startsWith('lbmf') === true).map((definition) => definition.name);
    expect(lexical).toEqual(['bm25f', 'rerank', 'rerank-glove']);
    for (const name of lexical) expect(BUILTIN_RANKERS.find((definition) => definition.name === name)?.capabilities?.persistence?.format, name).toBe(`lbmf${INDEX_FORMAT_VERSION}`);
  });

  it('make a registry that takes browser-safe definitions and refuses others, naming them', async () => {
    const mine: RankerDefinition = {
      specificationVersion: 'v1',
      name: 'mine',
      queryKind: 'keywords',
      capabilities: { browserSafe: true },
      create: () => createFakeRanker({ name: 'mine' }),
    };
    const registry = createBrowserSafeRegistry({ rankers: [mine] });
    expect(registry.rankers.map((definition) => definition.name)).toEqual([...BROWSER_SAFE_RANKERS.map((definition) => definition.name), 'mine']);
    expect(registry.hasRanker('regex') && !registry.hasRanker('hybrid')).toBe(true);
    expect(registry.defaultRanker).toBe('bm25f');
    expect((await registry.createRanker('mine')).name).toBe('mine');
    const nodeOnly = caught(() => createBrowserSafeRegistry({ rankers: [{ ...mine, name: 'native', capabilities: {} }] }, 'my-page'));
    expect(nodeOnly.code).toBe('unsupported-environment');
    expect(nodeOnly.message).toBe('my-page: ranker "native" does not declare capabilities.browserSafe: true, so it may need Node');
    expect(caught(() => createBrowserSafeRegistry({ rankers: [{ ...mine, name: 'regex' }] })).code).toBe('plugin-duplicate');
  });
});
