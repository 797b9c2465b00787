import type { CatalogTool, ToolSearchAnswer, UsageEvent } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { encodeSearchId, type SearchReceipt } from './search-id.js';
import { createSearchReceipts, type SearchReceiptsOptions } from './search-receipts.js';

const tool = (displayName: string): CatalogTool => ({ displayName }) as CatalogTool;
const PRICE = tool('mcp__yahoo-finance__get_current_stock_price');
const NEWS = tool('mcp__yahoo-finance__get_news');
const GEOCODE = tool('mcp__maps__geocode_address');

/** A search over a fixed ranking per query; counts how often it runs. */
function fakeSearch(rankings: Record<string, CatalogTool[]>) {
  const runs: { query: string; limit: number }[] = [];
  const answer = (args: { query: string; limit: number }): ToolSearchAnswer => {
    runs.push(args);
    const tools = (rankings[args.query] ?? []).slice(0, args.limit).map((found, index) => ({ tool: found, score: 10 - index, available: true }));
    return { ok: true, query: args.query, tools } as unknown as ToolSearchAnswer;
  };
  return { answer, runs };
}

function setup(rankings: Record<string, CatalogTool[]>, extra: Partial<SearchReceiptsOptions> = {}) {
  const search = fakeSearch(rankings);
  const events: UsageEvent[] = [];
  let clock = 1_000;
  const receipts = createSearchReceipts({ answer: search.answer, recordUsage: (event) => void events.push(event), logger: createMemoryLogger(), now: () => clock, ...extra });
  return { receipts, events, runs: search.runs, tick: (ms: number) => (clock += ms) };
}

describe('createSearchReceipts', () => {
  it('refuses a forged receipt: its search, run again with as many results as it names, does not return the tool', () => {
    const { receipts, runs } = setup({ 'totally unrelated words': [NEWS], 'stock price of a company': [PRICE, NEWS] });
    const forged = encodeSearchId('totally unrelated words', [PRICE.displayName]);
    expect(receipts.check(PRICE, forged)).toBeUndefined();
    expect(runs).toEqual([{ query: 'totally unrelated words', limit: 1 }]);
    // Padding the id with more tools asks for more results, and still only what the search returns counts.
    expect(receipts.check(PRICE, encodeSearchId('totally unrelated words', [PRICE.displayName, NEWS.displayName, 'x', 'y']))).toBeUndefined();
    // An id that does not name the tool is not even searched.
    expect(receipts.check(PRICE, encodeSearchId('stock price of a company', [NEWS.displayName]))).toBeUndefined();
    expect(runs).toHaveLength(2);
    // A receipt another replica issued for a search that does return the tool holds, without sharing state.
    expect(receipts.check(PRICE, encodeSearchId('stock price of a company', [PRICE.displayName, NEWS.displayName]))).toMatchObject({ query: 'stock price of a company' });
  });

  it('checks an id issued here without searching, and an id another replica issued once', () => {
    const { receipts, runs } = setup({ 'stock price of a company': [PRICE, NEWS] });
    const mine = encodeSearchId('stock price of a company', [PRICE.displayName, NEWS.displayName]);
    receipts.issued(mine);
    expect(receipts.check(NEWS, mine)).toBeDefined();
    expect(receipts.check(GEOCODE, mine)).toBeUndefined();
    expect(runs).toHaveLength(0);
    const theirs = encodeSearchId('stock price of a company', [PRICE.displayName, NEWS.displayName]);
    expect(receipts.check(PRICE, theirs)).toBeDefined();
    expect(receipts.check(NEWS, theirs)).toBeDefined();
    expect(runs).toHaveLength(1);
  });

  it('waits for a ranker that answers asynchronously, and a search that rejects is no receipt', async () => {
    const search = fakeSearch({ 'stock price of a company': [PRICE] });
    let fail = false;
    const receipts = createSearchReceipts({
      answer: (args) => (fail ? Promise.reject(new Error('ranker down')) : Promise.resolve(search.answer(args))),
      recordUsage: undefined,
      logger: createMemoryLogger(),
    });
    expect(await receipts.check(PRICE, encodeSearchId('stock price of a company', [PRICE.displayName]))).toBeDefined();
    fail = true;
    expect(await receipts.check(PRICE, encodeSearchId('stock price of a company', [PRICE.displayName]))).toBeUndefined();
    expect(receipts.recorder()).toBeUndefined();
  });

  it('records a receipt and tool once on the replica, whichever context calls it (a retry in a new session adds nothing), each search (even of the same query) apart, select: never', () => {
    const { receipts, events, tick } = setup({});
    const query = 'find ev charging stations near me';
    const first = encodeSearchId(query, [GEOCODE.displayName]);
    const second = encodeSearchId(query, [GEOCODE.displayName]);
    for (const id of [first, second]) receipts.issued(id);
    const one = receipts.recorder()!;
    const other = receipts.recorder()!;
    // Ids issued here check synchronously.
    const checked = (id: string) => receipts.check(GEOCODE, id) as SearchReceipt;
    one.record(GEOCODE, checked(first));
    tick(5);
    one.record(GEOCODE, checked(first));
    // A client retrying the call in a new session (its first one closed under it) with the same receipt.
    other.record(GEOCODE, checked(first));
    tick(5);
    other.record(GEOCODE, checked(second));
    const selected = encodeSearchId('select:mcp__maps__geocode_address', [GEOCODE.displayName]);
    receipts.issued(selected);
    one.record(GEOCODE, checked(selected));
    expect(events).toEqual([
      { query, called: [GEOCODE.displayName], at: 1_000 },
      { query, called: [GEOCODE.displayName], at: 1_010 },
    ]);
  });

  it('forgets the oldest ids and pairs past maxRemembered: a forgotten id is checked by searching again', () => {
    const { receipts, runs } = setup({ 'stock price of a company': [PRICE] }, { maxRemembered: 2 });
    const ids = [1, 2, 3].map(() => encodeSearchId('stock price of a company', [PRICE.displayName]));
    for (const id of ids) receipts.issued(id);
    receipts.check(PRICE, ids[2]);
    receipts.check(PRICE, ids[1]);
    expect(runs).toHaveLength(0);
    expect(receipts.check(PRICE, ids[0])).toBeDefined();
    expect(runs).toHaveLength(1);
  });
});
