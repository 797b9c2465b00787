import { describe, expect, it } from 'vitest';
import type { CatalogTool } from '../catalog/tool.js';
import type { Ranker } from './ranker.js';
import { trackIndexedTools } from './indexed-tools.js';

const tool = (displayName: string): CatalogTool => ({ displayName }) as CatalogTool;

function inner(async: boolean): Ranker & { readonly calls: string[] } {
  const calls: string[] = [];
  const done = (call: string) => {
    calls.push(call);
    return async ? Promise.resolve() : undefined;
  };
  return {
    specificationVersion: 'v1',
    name: 'inner',
    size: 0,
    calls,
    index: (tools) => done(`index ${tools.length}`),
    add: (tools) => done(`add ${tools.length}`),
    remove: (names) => done(`remove ${names.length}`),
    search: () => [],
  };
}

describe('trackIndexedTools', () => {
  it('passes each change through and tracks the tools by display name, synchronously for a sync ranker', () => {
    const ranker = inner(false);
    let changes = 0;
    const indexed = trackIndexedTools(ranker, () => changes++);
    expect(indexed.index([tool('a'), tool('b')])).toBeUndefined();
    indexed.add([tool('c')]);
    indexed.remove(['a']);
    expect([...indexed.tools.keys()]).toEqual(['b', 'c']);
    expect(ranker.calls).toEqual(['index 2', 'add 1', 'remove 1']);
    expect(changes).toBe(3);
  });

  it('updates only once an asynchronous change completes', async () => {
    const indexed = trackIndexedTools(inner(true));
    const pending = indexed.index([tool('a')]);
    expect(indexed.tools.size).toBe(0);
    await pending;
    expect([...indexed.tools.keys()]).toEqual(['a']);
  });

  it('keeps the previous tools when the inner ranker fails to index', () => {
    const ranker = inner(false);
    const indexed = trackIndexedTools({ ...ranker, index: () => { throw new Error('boom'); } });
    expect(() => indexed.index([tool('x')])).toThrow('boom');
    expect(indexed.tools.size).toBe(0);
  });
});
