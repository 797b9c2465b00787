import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import { createLoadoutError } from '../errors/loadout-error.js';
import { withQuerySyntax } from '../ranking/with-query-syntax.js';
import type { Ranker } from '../ranking/ranker.js';
import { createFakeRanker } from '../test/fake-ranker.js';
import { answerToolSearch, answerToolSearchNow } from './answer-tool-search.js';
import { indexOnce } from './index-once.js';

const catalog = createCatalog([
  { name: 'get_weather', server: 'weather', description: 'Get the weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } },
  { name: 'send_message', server: 'slack', description: 'Send a message to a channel' },
  { name: 'create_issue', server: 'github', description: 'Create an issue' },
]);

function context(ranker: Ranker = withQuerySyntax(createFakeRanker())) {
  return { ranker, ready: indexOnce(ranker, catalog.tools) };
}

describe('answerToolSearch: the search-tool kernel', () => {
  it('answers with provider-neutral tools: name, description, schema, availability, score', async () => {
    const answer = await answerToolSearch({ query: 'weather city' }, { ...context(), available: (tool) => tool.server !== 'slack' });
    expect(answer).toMatchObject({ ok: true, query: 'weather city', limit: 5 });
    if (!answer.ok) throw new Error('expected an answer');
    expect(answer.tools[0]).toMatchObject({
      name: 'mcp__weather__get_weather',
      displayName: 'mcp__weather__get_weather',
      server: 'weather',
      description: 'Get the weather for a city',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
      available: true,
    });
    expect(typeof answer.tools[0]?.score).toBe('number');
  });

  it('applies the filter, select: and the limit; lowers or rejects a limit above the maximum', async () => {
    const only = await answerToolSearch({ query: 'select:send_message,create_issue' }, { ...context(), filter: (tool) => tool.server === 'github' });
    expect(only.ok && only.tools.map((tool) => tool.name)).toEqual(['mcp__github__create_issue']);
    const lowered = await answerToolSearch({ query: 'message', limit: 50 }, { ...context(), maxLimit: 2 });
    expect(lowered.ok && lowered.limit).toBe(2);
    const rejected = await answerToolSearch({ query: 'message', limit: 50 }, { ...context(), maxLimit: 2, overLimit: 'reject' });
    expect(rejected).toMatchObject({ ok: false, stage: 'arguments', code: 'invalid-input' });
    expect(!rejected.ok && rejected.message).toMatch(/limit must be an integer from 1 to 2, got 50/);
  });

  it.each<[string, unknown, RegExp]>([
    ['a non-object', 'weather', /^search_tools expects \{"query": string, "limit"\?: integer\}, got "weather"$/],
    ['a missing query', { limit: 2 }, /; query is missing$/],
    ['a fractional limit', { query: 'x', limit: 1.5 }, /limit must be a positive integer, got 1.5/],
  ])('reports %s as an argument failure', async (_, input, message) => {
    const answer = await answerToolSearch(input, context());
    expect(answer).toMatchObject({ ok: false, stage: 'arguments', code: 'invalid-input' });
    expect(!answer.ok && answer.message).toMatch(message);
  });

  it('reports rejected queries with their code and failing rankers as ranker-failed, never rejecting', async () => {
    const unknown = await answerToolSearch({ query: 'select:ghost' }, context());
    expect(unknown).toMatchObject({ ok: false, stage: 'search', code: 'unknown-tool', query: 'select:ghost' });
    const broken: Ranker = { ...createFakeRanker(), search: () => Promise.reject(new Error('disk gone')) };
    expect(await answerToolSearch({ query: 'x' }, { ranker: broken })).toMatchObject({
      ok: false,
      stage: 'search',
      code: 'ranker-failed',
      message: 'the ranker threw an error (disk gone)',
    });
    const coded: Ranker = { ...createFakeRanker(), search: () => { throw createLoadoutError('pattern-invalid', 'bad pattern'); } };
    expect(await answerToolSearch({ query: 'x' }, { ranker: coded })).toMatchObject({ code: 'pattern-invalid', message: 'bad pattern' });
  });

  it('indexes once, and again after a failed index', async () => {
    let fail = true;
    let calls = 0;
    const inner = createFakeRanker();
    const ranker: Ranker = {
      ...inner,
      index(tools) {
        calls++;
        if (fail) throw new Error('index broke');
        inner.index(tools);
      },
    };
    const ready = indexOnce(ranker, catalog.tools);
    await expect(ready()).rejects.toThrow('index broke');
    fail = false;
    await Promise.all([ready(), ready()]);
    await ready();
    expect(calls).toBe(2);
  });

  it('answerToolSearchNow answers a synchronous ranker synchronously, and waits for a ready or ranker that needs it', async () => {
    const ranker = withQuerySyntax(createFakeRanker());
    ranker.index(catalog.tools);
    const now = answerToolSearchNow({ query: 'weather city' }, { ranker });
    expect(now).not.toBeInstanceOf(Promise);
    expect(now).toEqual(await answerToolSearch({ query: 'weather city' }, { ranker }));
    expect(answerToolSearchNow({ query: 7 }, { ranker })).toMatchObject({ ok: false, stage: 'arguments' });
    const later = answerToolSearchNow({ query: 'weather city' }, context());
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toEqual(now);
    const slow: Ranker = { ...ranker, search: async (query, options) => ranker.search(query, options) };
    expect(await answerToolSearchNow({ query: 'weather city' }, { ranker: slow })).toEqual(now);
  });

  it('answerToolSearchNow never throws or rejects: a throwing ready or ranker is a search failure', async () => {
    const ranker = withQuerySyntax(createFakeRanker());
    const throwing: Ranker = {
      ...ranker,
      search: () => {
        throw new Error('sync boom');
      },
    };
    expect(answerToolSearchNow({ query: 'x' }, { ranker: throwing })).toMatchObject({
      ok: false,
      stage: 'search',
      code: 'ranker-failed',
      message: 'the ranker threw an error (sync boom)',
    });
    const rejecting: Ranker = { ...ranker, search: () => Promise.reject(createLoadoutError('pattern-invalid', 'bad pattern')) };
    expect(await answerToolSearchNow({ query: 'x' }, { ranker: rejecting })).toMatchObject({ ok: false, code: 'pattern-invalid', query: 'x' });
    const notReady = (): void => {
      throw new Error('not indexed');
    };
    expect(answerToolSearchNow({ query: 'x' }, { ranker, ready: notReady })).toMatchObject({ ok: false, code: 'ranker-failed' });
    expect(await answerToolSearchNow({ query: 'x' }, { ranker, ready: () => Promise.reject(new Error('late')) })).toMatchObject({ ok: false, code: 'ranker-failed' });
  });
});
