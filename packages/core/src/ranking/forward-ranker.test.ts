import { describe, expect, it } from 'vitest';
import type { CatalogTool } from '../catalog/tool.js';
import { createFakeRanker } from '../test/fake-ranker.js';
import { forwardRanker } from './forward-ranker.js';
import type { Ranker, SyncRanker } from './ranker.js';

const tool = (displayName: string, description: string): CatalogTool => ({ displayName, name: displayName, server: 'fs', description, inputSchema: {} }) as CatalogTool;
const tools = [tool('send_email', 'send an email'), tool('read_file', 'read a file')];

/** A fake ranker with `serialize`/`load` that record what they were given. */
function persistable(): SyncRanker & { serialize(): Uint8Array; load(blob: Uint8Array, tools: readonly CatalogTool[]): void; loaded: Uint8Array[] } {
  const loaded: Uint8Array[] = [];
  return Object.assign(createFakeRanker({ name: 'inner' }), {
    loaded,
    serialize: () => Uint8Array.of(7),
    load(blob: Uint8Array) {
      loaded.push(blob);
    },
  });
}

describe('forwardRanker', () => {
  it('forwards every member it is not given, with size live', () => {
    const inner = createFakeRanker({ name: 'inner' });
    const ranker: SyncRanker = forwardRanker(inner, {});
    expect(ranker.specificationVersion).toBe('v1');
    expect(ranker.name).toBe('inner');
    expect(ranker.size).toBe(0);
    ranker.index(tools);
    expect(ranker.size).toBe(2);
    ranker.add([tool('list_files', 'list files')]);
    ranker.remove(['read_file']);
    expect(inner.tools.map((each) => each.displayName)).toEqual(['send_email', 'list_files']);
    expect(ranker.search('email', { limit: 1 })).toEqual(inner.search('email', { limit: 1 }));
    expect(inner.calls[0]).toEqual({ query: 'email', options: { limit: 1 } });
  });

  it('keeps queryKind when the inner ranker declares one, and has none otherwise', () => {
    const pattern: Ranker = { ...createFakeRanker(), queryKind: 'pattern' };
    expect(forwardRanker(pattern, {}).queryKind).toBe('pattern');
    expect('queryKind' in forwardRanker(createFakeRanker(), {})).toBe(false);
  });

  it('replaces only the members it is given', () => {
    const inner = createFakeRanker({ name: 'inner' });
    const ranker = forwardRanker(inner, { name: 'outer', index() {} });
    ranker.index(tools);
    expect(ranker.name).toBe('outer');
    expect(inner.size).toBe(0);
    ranker.add(tools);
    expect(ranker.size).toBe(2);
  });

  it('keeps an overriding size getter live', () => {
    let size = 1;
    const ranker = forwardRanker(createFakeRanker(), {
      get size() {
        return size;
      },
    });
    size = 3;
    expect(ranker.size).toBe(3);
  });

  it('forwards serialize and load only when the inner ranker has them', () => {
    const inner = persistable();
    const ranker = forwardRanker(inner, {});
    expect(ranker.serialize()).toEqual(Uint8Array.of(7));
    ranker.load(Uint8Array.of(1), tools);
    expect(inner.loaded).toEqual([Uint8Array.of(1)]);
    const plain = forwardRanker(createFakeRanker(), {});
    expect('serialize' in plain || 'load' in plain).toBe(false);
  });

  it('returns a plain object: nothing else of the inner ranker is passed on', () => {
    const ranker = forwardRanker(createFakeRanker(), {});
    expect(Object.keys(ranker).sort()).toEqual(['add', 'index', 'name', 'remove', 'search', 'size', 'specificationVersion']);
  });
});
