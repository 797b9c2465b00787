import { describe, expect, it } from 'vitest';
import { makeTools } from '../test/index.js';
import { exactNameHits } from './exact-name-hits.js';

const [a, b, c] = makeTools([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);

describe('exactNameHits', () => {
  it('lifts every named tool above the best other by one bonus, keeping inner scores and ties', () => {
    const hits = exactNameHits([{ tool: a!, score: 4 }, { tool: b!, score: 4 }], [a!, b!], 10);
    expect(hits.map((hit) => [hit.hit.tool.name, hit.score, hit.bonus])).toEqual([['a', 11, 7], ['b', 11, 7]]);
  });

  it('adds 1 when the named tools already lead or nothing else matched', () => {
    expect(exactNameHits([{ tool: a!, score: 4 }], [a!], 2)[0]!.score).toBe(5);
    expect(exactNameHits([{ tool: a!, score: 4 }], [a!], undefined)[0]!.bonus).toBe(1);
  });

  it('scores a named tool the inner ranker did not return as 0 plus the bonus, sorted by score', () => {
    const hits = exactNameHits([{ tool: a!, score: -3 }], [c!, a!], 1);
    expect(hits.map((hit) => [hit.hit.tool.name, hit.score])).toEqual([['c', 5], ['a', 2]]);
    expect(hits[0]!.hit).toEqual({ tool: c, score: 0 });
  });

  it('ignores inner hits of tools not named, and returns nothing when nothing is named', () => {
    expect(exactNameHits([{ tool: b!, score: 9 }], [a!], 0).map((hit) => hit.hit.tool.name)).toEqual(['a']);
    expect(exactNameHits([{ tool: b!, score: 9 }], [], 0)).toEqual([]);
  });
});
