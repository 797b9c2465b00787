import { describe, expect, it } from 'vitest';
import { createLoadoutError } from '@loadout/core';
import { bm25fDefinition } from '@loadout/rankers';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { learningVectors } from './learning-vectors.js';

describe('learningVectors', () => {
  it("gives the definition's word vectors when it learns a model, none otherwise", async () => {
    const run = fakeContext();
    const vectors = await learningVectors(bm25fDefinition as never, 'learn', run.context);
    expect(vectors?.dimensions).toBe(100);
    const usage = bm25fDefinition.capabilities!.usage!;
    expect(await learningVectors({ ...bm25fDefinition, capabilities: { usage: { ...usage, learns: ['prior'] } } } as never, 'learn', run.context)).toBeUndefined();
    expect(run.stderr()).toBe('');
  });

  it('learns without them, with a note naming the code, when the table cannot load', async () => {
    const run = fakeContext();
    const missing = () => Promise.reject(createLoadoutError('file-not-found', 'no table at /x'));
    const usage = bm25fDefinition.capabilities!.usage!;
    expect(await learningVectors({ ...bm25fDefinition, capabilities: { usage: { ...usage, vectors: missing } } } as never, 'learn', run.context)).toBeUndefined();
    expect(run.stderr()).toBe('loadout learn: the word vectors of ranker "bm25f" did not load [file-not-found]; learning a re-ranker without them\n');
  });
});
