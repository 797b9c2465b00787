import type { CatalogTool } from '@loadout/core';
import { isLoadoutError } from '@loadout/core';
import { makeTool, makeTools } from '@loadout/core/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createToolAnalyzer } from '../analyzer/create-tool-analyzer.js';
import { naiveBm25f, queryText, toTools, toolInput } from './__fixtures__/random-tools.js';
import { createBm25Ranker } from './create-bm25-ranker.js';
import type { Bm25Ranker } from './create-bm25-ranker.js';

const emailTools = makeTools([
  { name: 'send_email', description: 'Send an email message' },
  { name: 'read_email', description: 'Read email' },
  { name: 'list_files', description: 'List files in a folder' },
]);

function results(ranker: Bm25Ranker, query: string, limit = 10): [string, number][] {
  return ranker.search(query, { limit }).map((hit) => [hit.tool.displayName, hit.score]);
}

function explained(ranker: Bm25Ranker, query: string): unknown[] {
  return ranker.search(query, { limit: 10, explain: true }).map((hit) => [hit.tool.displayName, hit.score, hit.explanation]);
}

describe('createBm25Ranker scoring', () => {
  const ranker = createBm25Ranker({ multiIntent: 'off' });
  ranker.index(emailTools);

  it('matches a hand-computed BM25F score', () => {
    // "send" occurs once in A's name (3 tokens, average 3) and description (4 tokens, average 11/3); df 1 of N 3.
    const idf = Math.log(1 + (3 - 1 + 0.5) / (1 + 0.5));
    const pseudo = 4 / (1 - 0.9 + (0.9 * 3) / 3) + 1 / (1 - 0.6 + (0.6 * 4) / (11 / 3));
    const expected = idf * ((pseudo * 3) / (pseudo + 2));
    const hits = ranker.search('send');
    expect(hits.map((hit) => hit.tool.name)).toEqual(['send_email']);
    expect(hits[0]!.score).toBeCloseTo(expected, 5);
  });

  it('prefers the shorter field when frequencies tie', () => {
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5));
    const pseudoA = 4 + 1 / (0.4 + (0.6 * 4) / (11 / 3));
    const pseudoB = 4 + 1 / (0.4 + (0.6 * 2) / (11 / 3));
    const hits = ranker.search('email');
    expect(hits.map((hit) => hit.tool.name)).toEqual(['read_email', 'send_email']);
    expect(hits[0]!.score).toBeCloseTo(idf * ((pseudoB * 3) / (pseudoB + 2)), 5);
    expect(hits[1]!.score).toBeCloseTo(idf * ((pseudoA * 3) / (pseudoA + 2)), 5);
  });

  it('explains matched terms and per-field contributions summing to the score', () => {
    const [hit] = ranker.search('send email', { explain: true });
    expect(hit!.tool.name).toBe('send_email');
    const explanation = hit!.explanation!;
    expect(explanation.matchedTerms).toEqual(['send', 'email']);
    expect(Object.keys(explanation.fields).sort()).toEqual(['description', 'name']);
    expect(explanation.fields['name']!).toBeGreaterThan(explanation.fields['description']!);
    const sum = Object.values(explanation.fields).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(hit!.score, 5);
    expect(explanation.components).toEqual({ bm25f: hit!.score });
  });

  it('matches compounds, so spellings of a name find it', () => {
    expect(ranker.search('sendEmail')[0]!.tool.name).toBe('send_email');
    expect(ranker.search('listFiles')[0]!.tool.name).toBe('list_files');
  });

  it('returns nothing for unknown words and stopword-only queries', () => {
    expect(ranker.search('zebra')).toEqual([]);
    expect(ranker.search('the of a')).toEqual([]);
  });

  it('honours limit and filter, calling the filter only for candidates', () => {
    expect(ranker.search('email', { limit: 1 }).map((hit) => hit.tool.name)).toEqual(['read_email']);
    const seen: string[] = [];
    const hits = ranker.search('email', {
      filter: (tool) => {
        seen.push(tool.name);
        return tool.name !== 'read_email';
      },
    });
    expect(hits.map((hit) => hit.tool.name)).toEqual(['send_email']);
    expect(seen.sort()).toEqual(['read_email', 'send_email']);
  });

  it('rejects a limit that is not a positive integer', () => {
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      expect(() => ranker.search('email', { limit })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    }
  });

  it('weights fields as configured', () => {
    const tools = makeTools([
      { name: 'alpha', description: 'weather report' },
      { name: 'weather', description: 'something else entirely' },
    ]);
    const byName = createBm25Ranker({ multiIntent: 'off' });
    byName.index(tools);
    expect(byName.search('weather')[0]!.tool.name).toBe('weather');
    const byDescription = createBm25Ranker({ multiIntent: 'off', fieldWeights: { name: 0.1, description: 5 } });
    byDescription.index(tools);
    expect(byDescription.search('weather')[0]!.tool.name).toBe('alpha');
  });

  it('validates options', () => {
    expect(() => createBm25Ranker({ k1: -1 })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => createBm25Ranker({ b: 2 })).toThrow(/b must be a number from 0 to 1/);
    expect(() => createBm25Ranker({ fieldWeights: { title: 1 } as never })).toThrow(/unknown field "title"/);
    expect(() => createBm25Ranker({ multiIntent: 'yes' as never })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    expect(() => createBm25Ranker({ usage: 'tool => text' as never })).toThrow(expect.objectContaining({ code: 'invalid-option', message: expect.stringContaining('usage must be a function') }));
    expect(() => createBm25Ranker({ analyzer: 'plural' as never })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
    const none = { name: 0, description: 0, parameterNames: 0, parameterDescriptions: 0, server: 0 };
    expect(() => createBm25Ranker({ fieldWeights: none })).toThrow(/every field weight 0/);
    expect(() => createBm25Ranker({ fieldWeights: none, usage: () => 'past query' })).not.toThrow();
  });
});

describe('createBm25Ranker against a naive BM25F', () => {
  const parameters = { weights: [4, 1, 0.5, 0.5, 0.25, 1], b: [0.9, 0.6, 0.6, 0.6, 0.6, 0.5], k1: 2 };

  it('scores and ranks every tool exactly like the formula, for any limit', () => {
    fc.assert(
      fc.property(fc.array(toolInput, { minLength: 1, maxLength: 12 }), queryText, fc.integer({ min: 1, max: 8 }), (inputs, query, limit) => {
        const tools = toTools(inputs);
        const ranker = createBm25Ranker({ multiIntent: 'off' });
        ranker.index(tools);
        const expected = naiveBm25f(tools, createToolAnalyzer(), query, parameters)
          .slice(0, limit)
          .map(([index, score]): [string, number] => [tools[index]!.displayName, score]);
        expect(results(ranker, query, limit)).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});

type Operation = { kind: 'add'; tools: CatalogTool[] } | { kind: 'remove'; names: string[] };

function applyModel(list: CatalogTool[], operation: Operation): CatalogTool[] {
  if (operation.kind === 'remove') return list.filter((tool) => !operation.names.includes(tool.displayName));
  const next = list.slice();
  for (const tool of operation.tools) {
    const at = next.findIndex((existing) => existing.displayName === tool.displayName);
    if (at < 0) next.push(tool);
    else next[at] = tool;
  }
  return next;
}

describe('createBm25Ranker add and remove', () => {
  const operation: fc.Arbitrary<Operation> = fc.oneof(
    fc.array(toolInput, { minLength: 1, maxLength: 4 }).map((inputs): Operation => ({ kind: 'add', tools: toTools(inputs) })),
    fc.array(fc.tuple(fc.constantFrom('send', 'read', 'list', 'email'), fc.constantFrom('send', 'read', 'list', 'email')), { maxLength: 3 }).map(
      (pairs): Operation => ({ kind: 'remove', names: pairs.flatMap(([a, b]) => [`${a}_${b}`, `mcp__alpha__${a}_${b}`]) }),
    ),
  );

  it('gives exactly the results of a fresh build of the same tool list', () => {
    fc.assert(
      fc.property(
        fc.array(toolInput, { maxLength: 8 }),
        fc.array(operation, { minLength: 1, maxLength: 6 }),
        fc.array(queryText, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (initial, operations, queries, fusion, searchBetween) => {
          const options = { multiIntent: fusion ? ('clause-fusion' as const) : ('off' as const) };
          const ranker = createBm25Ranker(options);
          let model = toTools(initial);
          ranker.index(model);
          for (const op of operations) {
            if (op.kind === 'add') ranker.add(op.tools);
            else ranker.remove(op.names);
            model = applyModel(model, op);
            if (searchBetween) ranker.search(queries[0]!);
          }
          const fresh = createBm25Ranker(options);
          fresh.index(model);
          expect(ranker.size).toBe(model.length);
          expect(ranker.tools.map((tool) => tool.displayName)).toEqual(model.map((tool) => tool.displayName));
          for (const query of queries) expect(explained(ranker, query)).toEqual(explained(fresh, query));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('replaces a tool in place and forgets its old text', () => {
    const ranker = createBm25Ranker();
    ranker.index(emailTools);
    ranker.add([makeTool({ name: 'send_email', description: 'Dispatch a fax' })]);
    expect(ranker.size).toBe(3);
    expect(ranker.search('fax').map((hit) => hit.tool.description)).toEqual(['Dispatch a fax']);
    expect(ranker.search('message')).toEqual([]);
    ranker.remove(['send_email', 'unknown']);
    expect(ranker.size).toBe(2);
    expect(ranker.search('fax')).toEqual([]);
  });

  it('compacts the dictionary after heavy churn without changing results', () => {
    const ranker = createBm25Ranker();
    const many = makeTools(Array.from({ length: 60 }, (_, index) => ({ name: `tool_${index}`, description: `unique${index} word${index} shared` })));
    ranker.index(many);
    ranker.remove(many.slice(0, 55).map((tool) => tool.displayName));
    const fresh = createBm25Ranker();
    fresh.index(many.slice(55));
    expect(results(ranker, 'shared unique57')).toEqual(results(fresh, 'shared unique57'));
    expect(ranker.serialize().length).toBe(fresh.serialize().length);
  });

  it('keeps the later of two tools with the same display name given to index', () => {
    const ranker = createBm25Ranker();
    ranker.index([makeTool({ name: 'x', description: 'old' }), makeTool({ name: 'x', description: 'new' })]);
    expect(ranker.size).toBe(1);
    expect(ranker.search('new')).toHaveLength(1);
    expect(ranker.search('old')).toHaveLength(0);
  });
});

describe('createBm25Ranker clause fusion', () => {
  const tools = makeTools([
    { name: 'get_weather', description: 'Get the weather forecast for a city' },
    { name: 'book_taxi', description: 'Book a taxi ride to an address' },
    { name: 'city_guide', description: 'Guide to a city: weather, sights, restaurants and more city facts' },
    { name: 'play_music', description: 'Play a song' },
  ]);

  it('lifts the best tool of each step of a multi-step request', () => {
    const steps = makeTools([
      { name: 'get_forecast', description: 'Weather forecast: temperature, humidity and wind for a city' },
      { name: 'get_conditions', description: 'Current weather conditions, temperature and wind in a city' },
      { name: 'air_quality', description: 'Air quality and humidity for a city, with weather notes' },
      { name: 'smtp_dispatch', description: 'Deliver a message by email' },
      { name: 'inbox_reader', description: 'Read messages in the inbox' },
    ]);
    const query = 'get the weather forecast with temperature, humidity and wind for the city and send an email';
    const top2 = (options: Parameters<typeof createBm25Ranker>[0]): string[] => {
      const ranker = createBm25Ranker(options);
      ranker.index(steps);
      return ranker.search(query, { limit: 2 }).map((hit) => hit.tool.name);
    };
    expect(top2({ multiIntent: 'off' })).toEqual(['get_forecast', 'get_conditions']);
    expect(top2({})).toEqual(['get_forecast', 'smtp_dispatch']);
  });

  it('scores fused queries as full/max + λ·best clause, and explains both parts', () => {
    const fused = createBm25Ranker({ clauseWeight: 0.5 });
    fused.index(tools);
    const hits = fused.search('weather forecast then taxi', { explain: true, limit: 4 });
    expect(hits[0]!.score).toBeLessThanOrEqual(1.5 + 1e-9);
    for (const hit of hits) {
      const { bm25f, clause } = hit.explanation!.components;
      expect(bm25f! + clause!).toBeCloseTo(hit.score, 9);
      expect(clause!).toBeLessThanOrEqual(0.5 + 1e-9);
    }
    const taxi = hits.find((hit) => hit.tool.name === 'book_taxi')!;
    expect(taxi.explanation!.notes).toEqual(['best clause "taxi"']);
    expect(taxi.explanation!.components['clause']).toBeCloseTo(0.5, 9);
  });

  it('leaves single-clause queries unchanged', () => {
    const off = createBm25Ranker({ multiIntent: 'off' });
    off.index(tools);
    const fused = createBm25Ranker();
    fused.index(tools);
    expect(results(fused, 'weather city')).toEqual(results(off, 'weather city'));
  });
});

describe('createBm25Ranker empty index', () => {
  it('answers nothing before index and after removing everything', () => {
    const ranker = createBm25Ranker();
    expect(ranker.search('anything')).toEqual([]);
    ranker.index(emailTools);
    ranker.remove(emailTools.map((tool) => tool.displayName));
    expect(ranker.size).toBe(0);
    expect(ranker.search('email')).toEqual([]);
  });

  it('is a v1 ranker named bm25f', () => {
    const ranker = createBm25Ranker();
    expect(ranker.specificationVersion).toBe('v1');
    expect(ranker.name).toBe('bm25f');
    expect(isLoadoutError(new Error('x'))).toBe(false);
  });
});

describe('createBm25Ranker prefix matching', () => {
  const tools = makeTools([
    { name: 'getBookInfo', description: 'Details of a book' },
    { name: 'getPhotoStats', description: 'Counts for a picture' },
    { name: 'list_books', description: 'Books on a shelf' },
    { name: 'information_desk', description: 'Where to ask' },
  ]);

  it('lets a query word match an indexed word that is its prefix of 4+ letters, at prefixWeight × idf', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    expect(ranker.search('photograph statistics').map((hit) => hit.tool.name)).toEqual(['getPhotoStats']);
    const full = createBm25Ranker({ prefixWeight: 1 });
    full.index(tools);
    const [weighted] = ranker.search('photograph');
    const [whole] = full.search('photograph');
    expect(weighted!.score).toBeCloseTo(0.9 * whole!.score, 12);
    const [exact] = full.search('photo');
    expect(whole!.score).toBeCloseTo(exact!.score, 12);
  });

  it('keeps weight 1 for a word the query holds itself, and ranks the exact word first', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    const hits = ranker.search('book information', { explain: true });
    expect(hits.map((hit) => hit.tool.name).slice(0, 2)).toEqual(['getBookInfo', 'information_desk']);
    expect(hits[0]!.explanation!.matchedTerms).toEqual(['book', 'info']);
    const bookOnly = ranker.search('book').find((hit) => hit.tool.name === 'getBookInfo')!;
    expect(hits[0]!.score).toBeGreaterThan(bookOnly.score);
  });

  it('is off with prefixWeight 0, and never matches prefixes shorter than prefixMinLength', () => {
    const off = createBm25Ranker({ prefixWeight: 0 });
    off.index(tools);
    expect(off.search('photograph')).toEqual([]);
    const long = createBm25Ranker({ prefixMinLength: 6 });
    long.index(tools);
    expect(long.search('photograph')).toEqual([]);
    expect(long.search('informations').map((hit) => hit.tool.name)).toEqual(['information_desk']);
  });

  it('rejects a prefix weight or length out of range with invalid-option', () => {
    for (const options of [{ prefixWeight: 1.5 }, { prefixWeight: -0.1 }, { prefixMinLength: 1 }, { prefixMinLength: 4.5 }, { prefixMinLength: 33 }]) {
      let caught: unknown;
      try {
        createBm25Ranker(options);
      } catch (error) {
        caught = error;
      }
      expect(isLoadoutError(caught) && caught.code === 'invalid-option').toBe(true);
    }
  });
});


describe('createBm25Ranker on text written without spaces', () => {
  it('finds Chinese, Japanese and Korean words inside longer runs', () => {
    const ranker = createBm25Ranker();
    ranker.index(
      makeTools([
        { name: 'send_email', description: '发送电子邮件给用户' },
        { name: 'get_weather', description: '查询城市的天气预报' },
        { name: 'news_search', description: 'ウェブでニュースを検索する' },
        { name: 'stock_price', description: '주식 가격을 조회합니다' },
      ]),
    );
    const first = (query: string): string | undefined => ranker.search(query, { limit: 1 })[0]?.tool.name;
    expect(first('发送邮件')).toBe('send_email');
    expect(first('北京后天的天气如何？')).toBe('get_weather');
    expect(first('ニュース検索')).toBe('news_search');
    expect(first('주식 가격')).toBe('stock_price');
  });
});
