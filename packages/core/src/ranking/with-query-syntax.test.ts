import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { createFakeRanker, makeTools } from '../test/index.js';
import type { Ranker, SearchHit, SyncRanker } from './ranker.js';
import { withQuerySyntax } from './with-query-syntax.js';

const tools = makeTools([
  { name: 'find_symbol', server: 'code', description: 'Find where a symbol is defined in the repository' },
  { name: 'search_code', server: 'code', description: 'Search code for text, find usages of a symbol' },
  { name: 'send_message', server: 'slack', description: 'Send a message to a Slack channel' },
  { name: 'search_messages', server: 'slack', description: 'Search Slack messages by keyword' },
  { name: 'send_email', server: 'mail', description: 'Send an email message' },
  { name: 'find_symbol', server: 'legacy', description: 'Old symbol lookup' },
  { name: 'Read', kind: 'core', description: 'Read a file' },
]);

function setup(): { inner: ReturnType<typeof createFakeRanker>; ranker: SyncRanker } {
  const inner = createFakeRanker();
  const ranker = withQuerySyntax(inner);
  ranker.index(tools);
  return { inner, ranker };
}

const names = (hits: readonly SearchHit[]): string[] => hits.map((hit) => hit.tool.displayName);

function errorOf(action: () => unknown): { code?: string; message: string; details?: Readonly<Record<string, unknown>> } {
  try {
    action();
  } catch (error) {
    if (isLoadoutError(error)) return { code: error.code, message: error.message, details: error.details };
    return { message: String(error) };
  }
  return { message: 'no error' };
}

describe('withQuerySyntax', () => {
  it('keeps the inner ranker’s identity and index', () => {
    const { inner, ranker } = setup();
    expect(ranker.name).toBe('fake');
    expect(ranker.specificationVersion).toBe('v1');
    expect(ranker.size).toBe(7);
    expect(inner.tools).toHaveLength(7);
    expect(names(ranker.search('email'))).toEqual(names(inner.search('email')));
  });

  describe('select:', () => {
    it('returns exactly the named tools in the order named, by any name form, case-insensitively', () => {
      const { ranker, inner } = setup();
      const hits = ranker.search('select:mcp__slack__send_message, READ,search_messages');
      expect(names(hits)).toEqual(['mcp__slack__send_message', 'Read', 'mcp__slack__search_messages']);
      expect(hits.map((hit) => hit.score)).toEqual([3, 2, 1]);
      expect(inner.calls).toHaveLength(0);
    });

    it('selects every server’s tool for a shared own name, ignores limit and honours filter', () => {
      const { ranker } = setup();
      expect(names(ranker.search('select:find_symbol'))).toEqual(['mcp__code__find_symbol', 'mcp__legacy__find_symbol']);
      const many = 'select:' + tools.map((tool) => tool.displayName).join(',');
      expect(ranker.search(many, { limit: 2 })).toHaveLength(7);
      const filtered = ranker.search('select:find_symbol', { filter: (tool) => tool.server !== 'legacy' });
      expect(names(filtered)).toEqual(['mcp__code__find_symbol']);
    });

    it('throws unknown-tool listing every unknown name', () => {
      const { ranker } = setup();
      const error = errorOf(() => ranker.search('select:Read,nope,also_missing'));
      expect(error.code).toBe('unknown-tool');
      expect(error.message).toContain('"nope", "also_missing"');
      expect(error.details).toEqual({ names: ['nope', 'also_missing'] });
    });

    it('explains selections', () => {
      const { ranker } = setup();
      const [hit] = ranker.search('select:Read', { explain: true });
      expect(hit!.explanation!.notes).toEqual(['selected by name']);
      expect(hit!.explanation!.components).toEqual({ select: 1 });
    });
  });

  describe('+term', () => {
    it('keeps only tools containing every required term, ranked by the inner ranker', () => {
      const { ranker, inner } = setup();
      const hits = ranker.search('+slack send message');
      expect(names(hits)).toEqual(['mcp__slack__send_message', 'mcp__slack__search_messages']);
      expect(inner.calls.at(-1)!.query).toBe('slack send message');
      expect(inner.calls.at(-1)!.options.filter).toBeTypeOf('function');
    });

    it('requires all terms and phrases, and combines with the caller’s filter', () => {
      const { ranker } = setup();
      expect(names(ranker.search('+slack +search messages'))).toEqual(['mcp__slack__search_messages']);
      expect(names(ranker.search('+"send a message" slack'))).toEqual(['mcp__slack__send_message']);
      expect(ranker.search('+slack message', { filter: (tool) => tool.name !== 'send_message' }).map((hit) => hit.tool.name)).toEqual([
        'search_messages',
      ]);
    });

    it('fills up with other qualifying tools in catalog order when the inner ranker returns too few', () => {
      const { ranker } = setup();
      const hits = ranker.search('+code usages', { explain: true });
      expect(names(hits)).toEqual(['mcp__code__search_code', 'mcp__code__find_symbol']);
      expect(hits[1]!.score).toBeLessThanOrEqual(hits[0]!.score);
      expect(hits[1]!.explanation!.notes).toEqual(['required term "code"']);
    });

    it('ignores required terms without a letter, such as phone numbers', () => {
      const { ranker, inner } = setup();
      expect(names(ranker.search('send a message to +1 555-0100 on slack'))[0]).toBe('mcp__slack__send_message');
      expect(inner.calls.at(-1)!.options.filter).toBeUndefined();
    });

    it('notes the required terms on every hit', () => {
      const { ranker } = setup();
      for (const hit of ranker.search('+slack send', { explain: true })) {
        expect(hit.explanation!.notes).toContain('required term "slack"');
        expect(hit.explanation!.components['overlap']).toBeGreaterThan(0);
      }
    });
  });

  describe('exact names', () => {
    it.each(['find_symbol', 'find symbol', 'findSymbol', 'FIND-SYMBOL'])('ranks the tools named by %j first, all servers, inner order', (query) => {
      const { ranker } = setup();
      const hits = ranker.search(query, { explain: true });
      expect(names(hits).slice(0, 2)).toEqual(['mcp__code__find_symbol', 'mcp__legacy__find_symbol']);
      expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
      expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);
      expect(hits[0]!.explanation!.notes).toContain('exact name match');
      expect(hits[0]!.explanation!.components['exactName']).toBeGreaterThanOrEqual(1);
      expect(hits[2]!.explanation!.notes).not.toContain('exact name match');
    });

    it('adds one bonus to the inner scores, so components add up and inner ties stay tied', () => {
      const ranker = withQuerySyntax(createFakeRanker());
      ranker.index(makeTools([
        { name: 'get_stats', server: 'a', description: 'usage' },
        { name: 'get_stats', server: 'b', description: 'usage' },
        { name: 'team_stats', description: 'get stats get stats of a team, get_stats' },
        { name: 'unrelated', description: 'nothing' },
      ]));
      const hits = ranker.search('get stats', { explain: true });
      expect(names(hits).slice(0, 2)).toEqual(['mcp__a__get_stats', 'mcp__b__get_stats']);
      expect(hits[0]!.score).toBe(hits[1]!.score);
      expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);
      for (const hit of hits) {
        const sum = Object.values(hit.explanation!.components).reduce((total, value) => total + value, 0);
        expect(sum).toBeCloseTo(hit.score, 9);
      }
      const inner = createFakeRanker();
      inner.index(ranker.search('select:get_stats').map((hit) => hit.tool));
      const innerScore = inner.search('get stats')[0]!.score;
      expect(hits[0]!.explanation!.components).toEqual({ overlap: innerScore, exactName: hits[0]!.score - innerScore });
      expect(hits[0]!.explanation!.components['exactName']).toBeCloseTo(1 + hits[2]!.score - innerScore, 9);
    });

    it('gives a bonus of 1 when the named tools already lead, and scores an unreturned named tool by its bonus alone', () => {
      const ranker = withQuerySyntax(createFakeRanker());
      ranker.index(makeTools([{ name: 'zz_top', description: 'zz top' }, { name: 'top_rated', description: 'top' }]));
      const [named, other] = ranker.search('zz top', { explain: true });
      expect(named!.explanation!.components).toEqual({ overlap: 2, exactName: 1 });
      expect(named!.score).toBe(3);
      expect(other!.score).toBe(1);
      const alone = withQuerySyntax(createFakeRanker());
      alone.index(makeTools([{ name: 'zz_top' }, { name: 'top_rated', description: 'zztop' }]));
      const [unreturned, rated] = alone.search('zztop', { explain: true });
      expect(names([unreturned!, rated!])).toEqual(['zz_top', 'top_rated']);
      expect(unreturned!.explanation!.components).toEqual({ exactName: 2 });
      expect(unreturned!.score).toBe(2);
      expect(rated!.score).toBe(1);
    });

    it('searches once for the named tools and the rest, and again only for a named tool that search missed', () => {
      const { inner, ranker } = setup();
      const before = inner.calls.length;
      ranker.search('find symbol', { limit: 3 });
      expect(inner.calls.slice(before).map((call) => call.options.limit)).toEqual([5]);
      const few = createFakeRanker();
      const wrapped = withQuerySyntax(few);
      wrapped.index(makeTools([{ name: 'zz_top' }, { name: 'top_rated', description: 'zztop' }]));
      wrapped.search('zztop', { limit: 1 });
      expect(few.calls.map((call) => call.options.limit)).toEqual([2, 1]);
    });

    it('names a tool by the last segment of a path-like name, never by a piece of the path', () => {
      const ranker = withQuerySyntax(createFakeRanker());
      ranker.index(makeTools([
        { name: 'Morning Star::articles/get-details', description: 'get articles details: articles list articles/list' },
        { name: 'Morning Star::articles/list', description: 'List latest' },
        { name: 'Cricbuzz Cricket::teams/get-stats', description: 'get stats get stats by team' },
        { name: 'Exerra phishing check::Get stats', description: 'Statistics' },
        { name: 'MoviesDatabase::/titles/utils/titleTypes', description: 'title types' },
        { name: 'Rewards as a Service::7. Get order history', description: 'orders' },
        { name: 'Shop::Get order history', description: '7 get order history' },
      ]));
      for (const query of ['articles/list', 'articles list', 'articlesList', 'articles-list', 'articleslist', 'ARTICLES_LIST']) {
        expect(names(ranker.search(query))[0]).toBe('Morning Star::articles/list');
      }
      const stats = ranker.search('Get stats', { explain: true });
      expect(names(stats)[0]).toBe('Exerra phishing check::Get stats');
      expect(stats.filter((hit) => hit.explanation!.notes.includes('exact name match'))).toHaveLength(1);
      expect(names(ranker.search('titlesutilstitletypes'))[0]).toBe('MoviesDatabase::/titles/utils/titleTypes');
      expect(names(ranker.search('7getorderhistory'))[0]).toBe('Rewards as a Service::7. Get order history');
      expect(names(ranker.search('get order history'))[0]).toBe('Shop::Get order history');
    });

    it('matches the display name form and beats tools the inner ranker prefers', () => {
      const inner = createFakeRanker();
      const ranker = withQuerySyntax(inner);
      ranker.index(makeTools([
        { name: 'lookup', server: 'x', description: 'helper for mcp y lookup' },
        { name: 'lookup', server: 'y', description: 'nothing' },
      ]));
      expect(names(inner.search('mcp__y__lookup'))[0]).toBe('mcp__x__lookup');
      expect(names(ranker.search('mcp__y__lookup'))).toEqual(['mcp__y__lookup', 'mcp__x__lookup']);
    });

    it('matches run-together words and the part of a name after its namespace', () => {
      const ranker = withQuerySyntax(createFakeRanker());
      ranker.index(makeTools([
        { name: 'get vr game news', description: 'get vrgame news' },
        { name: 'getVRGame', description: 'Fetch one game' },
        { name: 'filesystem::write_file', description: 'Write a file' },
        { name: 'desktop::write_file', server: 'desktop', description: 'Write a file too' },
        { name: 'write_file_notes', description: 'write file write file' },
      ]));
      const { ranker: shared } = setup();
      expect(names(shared.search('findsymbol')).slice(0, 2)).toEqual(['mcp__code__find_symbol', 'mcp__legacy__find_symbol']);
      for (const query of ['get vrgame', 'getvrgame', 'Get VR game', 'get_vr_game']) expect(names(ranker.search(query))[0]).toBe('getVRGame');
      for (const query of ['write_file', 'writeFile', 'write file', 'filesystem::write_file']) {
        const top = names(ranker.search(query)).slice(0, query.startsWith('filesystem') ? 1 : 2);
        expect(new Set(top)).toEqual(new Set(query.startsWith('filesystem') ? ['filesystem::write_file'] : ['filesystem::write_file', 'mcp__desktop__desktop::write_file']));
      }
    });

    it('ranks a named tool first even when the inner ranker would not return it', () => {
      const ranker = withQuerySyntax(createFakeRanker());
      const few = makeTools([{ name: 'zz_top' }, { name: 'top_rated', description: 'zz top' }]);
      ranker.index(few);
      expect(names(ranker.search('zz top', { limit: 1 }))).toEqual(['zz_top']);
      expect(names(ranker.search('zzTop'))).toEqual(['zz_top', 'top_rated']);
    });

    it('respects filter and required terms, and can be turned off', () => {
      const { ranker } = setup();
      expect(names(ranker.search('find symbol', { filter: (tool) => tool.server !== 'code' }))[0]).toBe('mcp__legacy__find_symbol');
      expect(names(ranker.search('+old find symbol'))).toEqual(['mcp__legacy__find_symbol']);
      const off = withQuerySyntax(createFakeRanker(), { exactNameFirst: false });
      off.index(tools);
      expect(names(off.search('find symbol')).slice(0, 2)).toEqual(['mcp__code__find_symbol', 'mcp__code__search_code']);
    });

    it('never returns a tool twice and honours limit', () => {
      const { ranker } = setup();
      const hits = ranker.search('find symbol', { limit: 3 });
      expect(hits).toHaveLength(3);
      expect(new Set(names(hits)).size).toBe(3);
    });
  });

  describe('identifiers in a longer query', () => {
    // The fake ranker counts shared words: merge_pull_request shares more of these queries' words than the tools they name.
    const git = makeTools([
      { name: 'merge_pull_request', server: 'github', description: 'Merge this change: ship it for this branch, then done' },
      { name: 'create_branch', server: 'github', description: 'Create a branch' },
      { name: 'delete_branch', server: 'github', description: 'Delete a branch for a change' },
      { name: 'branch', server: 'git', description: 'List branches' },
      { name: 'write_file', server: 'filesystem', description: 'Write a file' },
      { name: 'write_file', server: 'desktop', description: 'Write a file too' },
      { name: 'save_notes', description: 'Save notes: write this change to a file, then ship it' },
    ]);
    const wrapped = (options?: Parameters<typeof withQuerySyntax>[1]): { inner: ReturnType<typeof createFakeRanker>; ranker: SyncRanker } => {
      const inner = createFakeRanker();
      const ranker = withQuerySyntax(inner, options);
      ranker.index(git);
      return { inner, ranker };
    };

    it.each(['create_branch for this change', 'ship create_branch', 'create_branch ship it', 'ship `mcp__github__create_branch`.', 'Create_Branch, for this change'])(
      'ranks the tool %j spells first, above tools the inner ranker prefers',
      (query) => {
        const { inner, ranker } = wrapped();
        expect(names(inner.search(query))[0]).toBe('mcp__github__merge_pull_request');
        const hits = ranker.search(query, { explain: true });
        expect(names(hits)[0]).toBe('mcp__github__create_branch');
        expect(hits[0]!.explanation!.notes).toContain('exact name match');
        expect(hits[0]!.explanation!.components['exactName']).toBeGreaterThanOrEqual(1);
        expect(hits.slice(1).every((hit) => hit.explanation!.components['exactName'] === undefined)).toBe(true);
        expect(names(hits.slice(1))).toEqual(names(inner.search(query)).filter((name) => name !== 'mcp__github__create_branch').slice(0, 4));
      },
    );

    it('ranks the tools of two identifiers first, in the inner ranker’s order, not the query’s', () => {
      const { inner, ranker } = wrapped();
      const query = 'create_branch then delete_branch for this change';
      const innerOrder = names(inner.search(query));
      expect(innerOrder.indexOf('mcp__github__delete_branch')).toBeLessThan(innerOrder.indexOf('mcp__github__create_branch'));
      expect(innerOrder[0]).toBe('mcp__github__merge_pull_request');
      const hits = ranker.search(query, { explain: true });
      expect(names(hits).slice(0, 3)).toEqual(['mcp__github__delete_branch', 'mcp__github__create_branch', 'mcp__github__merge_pull_request']);
      expect(hits[0]!.explanation!.components['exactName']).toBe(hits[1]!.explanation!.components['exactName']);
      expect(hits[1]!.score).toBeGreaterThan(hits[2]!.score);
    });

    it('ranks every tool an ambiguous identifier names first, in the inner ranker’s order', () => {
      const { inner, ranker } = wrapped();
      const query = 'write_file this change then ship it';
      expect(names(inner.search(query))[0]).toBe('save_notes');
      expect(names(ranker.search(query)).slice(0, 3)).toEqual(['mcp__filesystem__write_file', 'mcp__desktop__write_file', 'save_notes']);
    });

    it('leaves the inner order alone for plain words, identifiers naming no tool and other spellings', () => {
      const { inner, ranker } = wrapped();
      for (const query of ['branch for this change', 'Branch ship it', 'create_tag for this change', 'createBranch for this change', 'create-branch ship it']) {
        const hits = ranker.search(query, { explain: true });
        expect(names(hits)).toEqual(names(inner.search(query)));
        expect(hits.every((hit) => !hit.explanation!.notes.includes('exact name match'))).toBe(true);
      }
    });

    it('respects filter and required terms, and can be turned off', () => {
      const query = 'create_branch for this change';
      const { ranker } = wrapped();
      expect(names(ranker.search(query, { filter: (tool) => tool.name !== 'create_branch' }))[0]).toBe('mcp__github__merge_pull_request');
      expect(names(ranker.search(`+merge ${query}`))).toEqual(['mcp__github__merge_pull_request']);
      const { inner, ranker: off } = wrapped({ exactNameFirst: false });
      expect(names(off.search(query))).toEqual(names(inner.search(query)));
    });
  });

  it('gives the inner ranker the keyword text trimmed, with one space at its end when the query ended in white space', () => {
    const { inner, ranker } = setup();
    const before = inner.calls.length;
    for (const query of ['send mess', 'send message ', '  send message\t\n', ' +slack send ']) ranker.search(query);
    expect(inner.calls.slice(before).map((call) => call.query)).toEqual(['send mess', 'send message ', 'send message ', 'slack send ']);
    // Exact names match as before: the space is not part of the name.
    expect(names(ranker.search('find symbol ')).slice(0, 2)).toEqual(names(ranker.search('find symbol')).slice(0, 2));
    expect(names(ranker.search('find_symbol ', { explain: true })).slice(0, 2)).toEqual(['mcp__code__find_symbol', 'mcp__legacy__find_symbol']);
  });

  it('tracks add and remove', () => {
    const { ranker } = setup();
    ranker.remove(['mcp__legacy__find_symbol']);
    expect(names(ranker.search('select:find_symbol'))).toEqual(['mcp__code__find_symbol']);
    ranker.add(makeTools([{ name: 'brand_new', description: 'new thing' }]));
    expect(names(ranker.search('brand new'))[0]).toBe('brand_new');
    expect(ranker.size).toBe(7);
  });

  it('passes query errors through: empty, too long', () => {
    const { ranker } = setup();
    expect(errorOf(() => ranker.search('   ')).code).toBe('query-empty');
    expect(errorOf(() => ranker.search('x'.repeat(501))).code).toBe('query-too-long');
    const short = withQuerySyntax(createFakeRanker(), { maxQueryLength: 10 });
    expect(errorOf(() => short.search('x'.repeat(11))).code).toBe('query-too-long');
  });

  it('works over an asynchronous ranker', async () => {
    const sync = createFakeRanker();
    const asyncRanker: Ranker = {
      specificationVersion: 'v1',
      name: 'async-fake',
      get size() {
        return sync.size;
      },
      index: async (next) => sync.index(next),
      add: async (next) => sync.add(next),
      remove: async (next) => sync.remove(next),
      search: async (query, options) => sync.search(query, options),
    };
    const ranker = withQuerySyntax(asyncRanker);
    await ranker.index(tools);
    expect(names(await ranker.search('find symbol')).slice(0, 2)).toEqual(['mcp__code__find_symbol', 'mcp__legacy__find_symbol']);
    expect(names(await ranker.search('+slack send'))[0]).toBe('mcp__slack__send_message');
    await ranker.remove(['Read']);
    expect(errorOf(() => ranker.search('select:Read')).code).toBe('unknown-tool');
  });
});
