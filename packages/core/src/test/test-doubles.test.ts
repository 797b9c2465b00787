import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { createFakeEmbedder, createFakeRanker, createFakeTokenCounter, createFakeVectorIndex, makeTool, makeTools } from './index.js';

describe('makeTool / makeTools', () => {
  it('builds valid catalog tools with defaults', () => {
    const tool = makeTool();
    expect(tool).toMatchObject({ name: 'tool', displayName: 'tool', apiName: 'tool', description: '', server: null, kind: 'mcp' });
    expect(makeTool({ name: 'x', server: 's' }).displayName).toBe('mcp__s__x');
  });

  it('gives several tools unique API names and default names', () => {
    const tools = makeTools([{}, {}, { name: 'a b', server: 'c' }]);
    expect(tools.map((tool) => tool.name)).toEqual(['tool_0', 'tool_1', 'a b']);
    expect(new Set(tools.map((tool) => tool.apiName)).size).toBe(3);
  });

  it('throws the catalog error for invalid input', () => {
    expect(() => makeTool({ name: '' })).toThrow(expect.objectContaining({ code: 'catalog-missing-name' }));
  });
});

describe('createFakeRanker', () => {
  const tools = makeTools([
    { name: 'send_email', description: 'Send an email' },
    { name: 'read_email', description: 'Read email' },
    { name: 'list_files', description: 'List files' },
  ]);

  it('scores by distinct word overlap, ties in index order, and records calls', () => {
    const ranker = createFakeRanker();
    ranker.index(tools);
    const hits = ranker.search('send email email');
    expect(hits.map((hit) => [hit.tool.name, hit.score])).toEqual([
      ['send_email', 2],
      ['read_email', 1],
    ]);
    expect(ranker.calls).toEqual([{ query: 'send email email', options: {} }]);
  });

  it('honours limit, filter, explain, add and remove', () => {
    const ranker = createFakeRanker({ name: 'other' });
    ranker.index(tools);
    expect(ranker.name).toBe('other');
    expect(ranker.search('email', { limit: 1 })).toHaveLength(1);
    expect(ranker.search('email', { filter: (tool) => tool.name === 'read_email' }).map((hit) => hit.tool.name)).toEqual(['read_email']);
    expect(ranker.search('list', { explain: true })[0]!.explanation!.matchedTerms).toEqual(['list']);
    ranker.add([makeTool({ name: 'send_email', description: 'Fax' })]);
    expect(ranker.size).toBe(3);
    expect(ranker.search('fax')[0]!.tool.name).toBe('send_email');
    ranker.remove(['send_email']);
    expect(ranker.search('fax')).toEqual([]);
  });
});

describe('createFakeEmbedder', () => {
  it('returns deterministic unit vectors; similar texts are closer', async () => {
    const embedder = createFakeEmbedder({ dimensions: 64 });
    const [a, b, c, again] = await embedder.embed(['send an email', 'send email now', 'list files in folder', 'send an email']);
    const dot = (x: Float32Array, y: Float32Array): number => x.reduce((sum, value, index) => sum + value * y[index]!, 0);
    expect(dot(a!, a!)).toBeCloseTo(1, 5);
    expect(Array.from(again!)).toEqual(Array.from(a!));
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
    expect(embedder.dimensions).toBe(64);
    expect(embedder.embeddedCount).toBe(4);
    const [empty] = await embedder.embed(['']);
    expect(empty![0]).toBe(1);
  });
});

describe('createFakeVectorIndex', () => {
  it('finds exact nearest neighbours by dot product', () => {
    const index = createFakeVectorIndex({ dimensions: 2 });
    index.add([
      { key: 'x', vector: Float32Array.of(1, 0) },
      { key: 'y', vector: Float32Array.of(0, 1) },
      { key: 'xy', vector: Float32Array.of(Math.SQRT1_2, Math.SQRT1_2) },
    ]);
    expect(index.size).toBe(3);
    const matches = index.search(Float32Array.of(1, 0), 2);
    expect(matches.map((match) => match.key)).toEqual(['x', 'xy']);
    index.remove(['x', 'missing']);
    expect(index.search(Float32Array.of(1, 0), 5).map((match) => match.key)).toEqual(['xy', 'y']);
  });

  it('rejects vectors of the wrong length', () => {
    const index = createFakeVectorIndex({ dimensions: 3 });
    try {
      index.add([{ key: 'bad', vector: Float32Array.of(1) }]);
      expect.unreachable();
    } catch (error) {
      expect(isLoadoutError(error) && error.code).toBe('invalid-input');
    }
    expect(index.size).toBe(0);
  });
});

describe('createFakeTokenCounter', () => {
  it('counts ceil(length / charsPerToken)', () => {
    expect(createFakeTokenCounter().count('12345')).toBe(2);
    expect(createFakeTokenCounter({ charsPerToken: 1 }).count('12345')).toBe(5);
    expect(createFakeTokenCounter().id).toBe('fake/chars-4');
  });
});
