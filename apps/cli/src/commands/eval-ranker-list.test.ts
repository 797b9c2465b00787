import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { readEvalRankerList } from './eval-ranker-list.js';

const registry = createBuiltinRegistry();

function failure(flag: string): { code: string; message: string } {
  try {
    readEvalRankerList(flag, undefined, registry);
  } catch (error) {
    if (isLoadoutError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`--ranker ${flag} was accepted`);
}

describe('readEvalRankerList', () => {
  it('reads all alone and a list of names', () => {
    expect(readEvalRankerList('all', undefined, registry).all).toBe(true);
    expect(readEvalRankerList('bm25f, wink-bm25', undefined, registry).names).toEqual(['bm25f', 'wink-bm25']);
  });

  it.each(['all,bm25f', 'bm25f,all', 'bm25f, all ,wink-bm25'])('says that all stands alone in %j', (flag) => {
    const { code, message } = failure(flag);
    expect(code).toBe('invalid-option');
    expect(message).toContain('all stands alone (--ranker all)');
    expect(message).toContain(JSON.stringify(flag));
  });

  it('still names an unknown ranker as unknown', () => {
    expect(failure('bm25f,nope').code).toBe('unknown-ranker');
  });

  it('names every unknown ranker in one error, each with its nearest name', () => {
    const { code, message } = failure('bm25,bm25f,hybird,zzzzzz');
    expect(code).toBe('unknown-ranker');
    expect(message).toBe(
      'unknown rankers "bm25" (did you mean "bm25f"?), "hybird" (did you mean "hybrid"?) and "zzzzzz"; valid names: bm25f, wink-bm25, regex, rerank, static-embedding, hybrid, rerank-glove',
    );
  });
});
