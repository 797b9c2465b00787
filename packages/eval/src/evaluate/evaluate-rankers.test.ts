import { describe, expect, it } from 'vitest';
import type { Ranker } from '@loadout/core';
import type { EvalSet } from '../eval-set/eval-set.js';
import { createScriptedRanker } from './__fixtures__/scripted-ranker.js';
import { evaluateRanker } from './evaluate-ranker.js';
import { evaluateRankers } from './evaluate-rankers.js';
import type { RankerEvaluation } from './evaluate-rankers.js';

const tools = Array.from({ length: 100 }, (_, index) => ({ name: `tool_${index}`, description: 'does a thing' }));
const queries = Array.from({ length: 40 }, (_, index) => ({ id: `q${index}`, query: `query ${index}`, relevant: [`tool_${index}`] }));
const set: EvalSet = { name: 'timed', tools, queries };
const script = Object.fromEntries(queries.map((query) => [query.query, [...query.relevant]]));

/**
 * A machine whose code is slow until it has run 60 searches, whichever
 * ranker ran them (compiling shared code), with a clock the searches move:
 * a search costs `cost` ms warm and 10× that cold.
 */
function coldStartMachine() {
  let time = 0;
  let searches = 0;
  const ranker = (cost: number): Ranker => {
    const inner = createScriptedRanker(script);
    return {
      ...inner,
      search(query, options) {
        time += searches++ < 60 ? cost * 10 : cost;
        return inner.search(query, options);
      },
    };
  };
  return { ranker, now: () => time };
}

const p50 = (evaluation: RankerEvaluation | undefined): number => (evaluation !== undefined && 'result' in evaluation ? evaluation.result.p50Ms : Number.NaN);

describe('evaluateRankers', () => {
  it('times each ranker the same whether it is listed first or last (queries interleaved)', async () => {
    const first = coldStartMachine();
    const [fastFirst, slowSecond] = await evaluateRankers([first.ranker(1), first.ranker(2)], set, { now: first.now });
    const last = coldStartMachine();
    const [slowFirst, fastSecond] = await evaluateRankers([last.ranker(2), last.ranker(1)], set, { now: last.now });
    expect([p50(fastFirst), p50(slowSecond)]).toEqual([1, 2]);
    expect([p50(fastSecond), p50(slowFirst)]).toEqual([1, 2]);
  });

  it('would charge the cold start to the first ranker timed alone (why it interleaves)', async () => {
    const machine = coldStartMachine();
    const alone = await evaluateRanker(machine.ranker(1), set, { now: machine.now });
    const after = await evaluateRanker(machine.ranker(1), set, { now: machine.now });
    expect([alone.p50Ms, after.p50Ms]).toEqual([10, 1]);
  });

  it('answers query i with ranker i mod n first, and scores every ranker on every query in set order', async () => {
    const order: string[] = [];
    const named = (name: string): Ranker => {
      const inner = createScriptedRanker(script);
      return { ...inner, search: (query, options) => (order.push(`${name}:${query}`), inner.search(query, options)) };
    };
    const seen: [number, number][] = [];
    await evaluateRankers([named('a'), named('b'), named('c')], set, { onQuery: (outcome, ranker) => seen.push([ranker, outcome.index]) });
    const timed = order.slice(30);
    expect(timed.slice(0, 6)).toEqual(['a:query 0', 'b:query 0', 'c:query 0', 'b:query 1', 'c:query 1', 'a:query 1']);
    for (const ranker of [0, 1, 2]) expect(seen.filter(([which]) => which === ranker).map(([, index]) => index)).toEqual(queries.map((_, index) => index));
  });

  it("says each ranker's indexing as it starts, each round, so a caller can name a long synchronous index", async () => {
    const order: string[] = [];
    const named = (name: string): Ranker => {
      const inner = createScriptedRanker(script);
      return { ...inner, index: (list) => (order.push(`index ${name}`), inner.index(list)) };
    };
    await evaluateRankers([named('a'), named('b')], set, {
      onProgress: ({ phase, done }, ranker) => {
        if (phase === 'build') order.push(`${done === 0 ? 'start' : 'end'} ${'ab'[ranker]}`);
      },
    });
    expect(order).toEqual(['start a', 'index a', 'start b', 'index b', 'start b', 'index b', 'start a', 'index a', 'end a', 'end b']);
  });

  it('gives a ranker whose index throws its error and goes on with the others', async () => {
    const broken: Ranker = { ...createScriptedRanker(script), index: () => Promise.reject(new Error('no model')) };
    const [ok, failed] = await evaluateRankers([createScriptedRanker(script), broken], set);
    expect(ok !== undefined && 'result' in ok && ok.result['recall@5']).toBe(1);
    expect(failed !== undefined && 'error' in failed && String(failed.error)).toContain('no model');
    await expect(evaluateRanker(broken, set)).rejects.toThrow('no model');
  });

  it('times each index the same whether its ranker is listed first or last: twice, the second round reversed, the faster kept', async () => {
    // The process's first full index costs 10× (compiling, growing the heap); a's index costs 1 ms a tool's worth, b's 2.
    const machine = () => {
      let time = 0;
      let indexes = 0;
      const ranker = (cost: number): Ranker => ({ ...createScriptedRanker(script), index: () => void (time += indexes++ === 0 ? cost * 10 : cost) });
      return { ranker, now: () => time };
    };
    const build = (evaluation: RankerEvaluation | undefined): number => (evaluation !== undefined && 'result' in evaluation ? evaluation.result.buildMs : Number.NaN);
    const forward = machine();
    const [a1, b1] = await evaluateRankers([forward.ranker(1), forward.ranker(2)], set, { now: forward.now });
    const backward = machine();
    const [b2, a2] = await evaluateRankers([backward.ranker(2), backward.ranker(1)], set, { now: backward.now });
    expect([build(a1), build(b1), build(a2), build(b2)]).toEqual([1, 2, 1, 2]);
  });

  it('times the index with the injected clock, apart from queries', async () => {
    let time = 0;
    const slowIndex: Ranker = { ...createScriptedRanker(script), index: (list) => void (time += list.length) };
    const [evaluation] = await evaluateRankers([slowIndex], set, { now: () => time });
    expect(evaluation !== undefined && 'result' in evaluation && [evaluation.result.buildMs, evaluation.result.p50Ms]).toEqual([100, 0]);
  });
});
