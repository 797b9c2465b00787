import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { createFakeRanker, makeTools } from '../test/index.js';
import { checkRankerResult } from './check-ranker-result.js';
import type { Ranker, SearchHit } from '../ranking/ranker.js';
import { withCheckedResults } from './with-checked-results.js';
import { withQuerySyntax } from '../ranking/with-query-syntax.js';
import type { CatalogTool } from '../catalog/tool.js';

const tools = makeTools([
  { name: 'send_message', server: 'slack', description: 'Send a message to a channel' },
  { name: 'read_file', server: 'fs', description: 'Read a file' },
  { name: 'create_issue', server: 'github', description: 'Open an issue' },
]);
const byName = new Map(tools.map((tool) => [tool.displayName, tool]));
const expected = { ranker: 'mine', tools: byName, limit: 5 };

function failure(action: () => unknown): { code: string; message: string; problem: unknown } {
  try {
    action();
  } catch (error) {
    if (isLoadoutError(error)) return { code: error.code, message: error.message, problem: error.details['problem'] };
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('checkRankerResult', () => {
  it('returns a valid result itself', () => {
    const hits: SearchHit[] = [
      { tool: tools[1]!, score: 2 },
      { tool: tools[0]!, score: -1 },
    ];
    expect(checkRankerResult(hits, expected)).toBe(hits);
    expect(checkRankerResult([], expected)).toEqual([]);
  });

  it("gives hits carrying a copy of a tool the catalog's own object", () => {
    const checked = checkRankerResult([{ tool: tools[0]! , score: 3 }, { tool: { ...tools[2]! }, score: 1 }], expected);
    expect(checked[0]!.tool).toBe(tools[0]);
    expect(checked[1]!.tool).toBe(tools[2]);
  });

  it.each([
    ['a non-array', { hits: [] }, 'not an array'],
    ['undefined', undefined, 'not an array'],
    ['a NaN score', [{ tool: tools[0], score: Number.NaN }], 'score NaN'],
    ['an infinite score', [{ tool: tools[0], score: Number.POSITIVE_INFINITY }], 'score Infinity'],
    ['a string score', [{ tool: tools[0], score: '1' }], 'score "1"'],
    ['a missing score', [{ tool: tools[0] }], 'score undefined'],
    ['a tool not in the catalog', [{ tool: { ...tools[0]!, displayName: 'mcp__x__ghost' }, score: 1 }], '"mcp__x__ghost", which is not in the indexed catalog'],
    ['a tool given by name only', [{ tool: 'read_file', score: 1 }], 'no displayName'],
    ['a null hit', [null], 'hit 1 is null'],
    ['a repeated tool', [{ tool: tools[0], score: 2 }, { tool: tools[0], score: 1 }], 'hit 2 repeats tool "mcp__slack__send_message"'],
    ['more hits than the limit', tools.map((tool) => ({ tool, score: 1 })), '3 hits for limit 2'],
  ])('refuses %s as ranker-invalid-result naming the ranker', (_label, result, problem) => {
    const error = failure(() => checkRankerResult(result, { ...expected, limit: 2 }));
    expect(error.code).toBe('ranker-invalid-result');
    expect(error.message).toContain('ranker "mine" returned an invalid result');
    expect(error.message).toContain(problem);
  });

  it("refuses a hit the search's filter rejects, asking the filter once per hit, of the catalog's own object", () => {
    const asked: CatalogTool[] = [];
    const filter = (tool: CatalogTool): boolean => {
      asked.push(tool);
      return tool.server !== 'fs';
    };
    const hits = [{ tool: tools[0]!, score: 3 }, { tool: { ...tools[2]! }, score: 2 }];
    expect(checkRankerResult(hits, { ...expected, filter }).map((hit) => hit.tool)).toEqual([tools[0], tools[2]]);
    expect(asked).toEqual([tools[0], tools[2]]);
    const error = failure(() => checkRankerResult([...hits, { tool: tools[1]!, score: 1 }], { ...expected, filter }));
    expect(error).toMatchObject({ code: 'ranker-invalid-result', problem: 'hit 3 (tool "mcp__fs__read_file") is not one the filter allows' });
    expect(error.message).toBe('ranker "mine" returned an invalid result: hit 3 (tool "mcp__fs__read_file") is not one the filter allows');
    // Without a filter nothing is asked.
    expect(checkRankerResult([{ tool: tools[1]!, score: 1 }], expected)).toHaveLength(1);
  });
});

describe('withCheckedResults', () => {
  it('passes a good ranker through, synchronously, with its name and size', () => {
    const ranker = withCheckedResults(createFakeRanker({ name: 'fake' }));
    ranker.index(tools);
    const hits = ranker.search('send a message', { limit: 2 });
    expect(Array.isArray(hits)).toBe(true);
    expect(hits[0]!.tool).toBe(tools[0]);
    expect(ranker.name).toBe('fake');
    expect(ranker.size).toBe(3);
  });

  it('tracks add and remove: a removed tool returned later is refused', () => {
    const inner = createFakeRanker();
    let stale: SearchHit[] = [];
    const ranker = withCheckedResults({ ...inner, search: () => stale });
    ranker.index(tools);
    stale = [{ tool: tools[1]!, score: 1 }];
    expect(ranker.search('x')).toEqual(stale);
    ranker.remove([tools[1]!.displayName]);
    expect(failure(() => ranker.search('x')).code).toBe('ranker-invalid-result');
    ranker.add([tools[1]!]);
    expect(ranker.search('x')).toEqual(stale);
  });

  function plugin(search: Ranker['search']): Ranker {
    return { specificationVersion: 'v1', name: 'plug', size: 0, index: () => undefined, add: () => undefined, remove: () => undefined, search };
  }

  it('turns a thrown error into ranker-invalid-result and keeps a LoadoutError as it is', async () => {
    const throwing = withCheckedResults(plugin(() => {
      throw new TypeError('boom');
    }));
    await throwing.index(tools);
    expect(failure(() => throwing.search('x'))).toMatchObject({ code: 'ranker-invalid-result', problem: 'threw' });
    expect(failure(() => throwing.search('x')).message).toContain('ranker "plug" threw instead of returning results: boom');
    const rejecting = withCheckedResults(plugin(() => Promise.reject(new Error('late'))));
    await rejecting.index(tools);
    await expect(rejecting.search('x')).rejects.toMatchObject({ code: 'ranker-invalid-result' });
    const coded = withCheckedResults(withCheckedResults(plugin(() => [{ tool: tools[0]!, score: Number.NaN }])));
    await coded.index(tools);
    expect(failure(() => coded.search('x')).message).toContain('score NaN');
  });

  it('refuses the result of a ranker that ignores the filter, as +term gives it (sync and async)', async () => {
    const all = (): SearchHit[] => tools.map((tool, index) => ({ tool, score: 3 - index }));
    const ignoring = withQuerySyntax(withCheckedResults(plugin(all)));
    await ignoring.index(tools);
    expect(failure(() => ignoring.search('+slack send message'))).toMatchObject({
      code: 'ranker-invalid-result',
      problem: 'hit 2 (tool "mcp__fs__read_file") is not one the filter allows',
    });
    // Without a filter the same result is fine.
    expect(ignoring.search('send message')).toHaveLength(3);
    const later = withQuerySyntax(withCheckedResults(plugin(async () => all())));
    await later.index(tools);
    await expect(later.search('+slack send message')).rejects.toMatchObject({ code: 'ranker-invalid-result', message: expect.stringContaining('is not one the filter allows') });
    const honouring = withQuerySyntax(withCheckedResults(plugin((_query, options) => all().filter((hit) => options?.filter?.(hit.tool) ?? true))));
    await honouring.index(tools);
    expect(honouring.search('+slack send message')).toEqual([{ tool: tools[0], score: 3 }]);
  });

  it('checks an async result against the limit asked for (default 5)', async () => {
    const many = makeTools(Array.from({ length: 6 }, (_, index) => ({ name: `t${index}` })));
    const ranker = withCheckedResults(plugin(async () => many.map((tool, index) => ({ tool, score: -index }))));
    await ranker.index(many);
    await expect(ranker.search('x')).rejects.toMatchObject({ code: 'ranker-invalid-result', message: expect.stringContaining('6 hits for limit 5') });
    await expect(ranker.search('x', { limit: 6 })).resolves.toHaveLength(6);
  });
});
