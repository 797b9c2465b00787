import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKER, RANKER_CHOICES, debounceFor, isRankerName, rankerHelp } from './ranker-choices.js';

describe('the ranker picker', () => {
  it('lists the engine registry\'s rankers, the default first', () => {
    const names = RANKER_CHOICES.map((choice) => choice.name);
    expect(names[0]).toBe('bm25f');
    expect(names).toContain('regex');
    expect(names.slice(-3)).toEqual(['static-embedding', 'hybrid', 'transformers']);
    expect(DEFAULT_RANKER).toBe('bm25f');
    expect(isRankerName('hybrid')).toBe(true);
    expect(isRankerName('bm25')).toBe(false);
    expect(rankerHelp('regex')).toMatch(/regular expression/);
    expect(rankerHelp('nope')).toBe('');
  });

  it('waits longer after a keystroke for rankers that answered slowly', () => {
    expect(debounceFor(undefined)).toBe(8);
    expect(debounceFor(0.4)).toBe(8);
    expect(debounceFor(60.2)).toBe(60);
    expect(debounceFor(900)).toBe(150);
  });
});
