import type { RankerAvailability } from '@loadout/browser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RANKER, debounceFor, isRankerName, rankerChoice, rankerHelp, rankerLabel } from './ranker-choices.js';

const CHOICES: readonly RankerAvailability[] = [
  { name: 'bm25f', description: 'Fielded BM25.', queryKind: 'keywords', available: true },
  { name: 'regex', description: 'Matches a pattern.', queryKind: 'pattern', available: true },
  { name: 'transformers', description: 'A sentence model.', queryKind: 'keywords', available: false, reason: 'no model files: models/x/config.json answered HTTP 404' },
];

describe('the ranker picker', () => {
  it('starts on the registry default and accepts ranker-like names from a URL', () => {
    expect(DEFAULT_RANKER).toBe('bm25f');
    expect(isRankerName('hybrid')).toBe(true);
    expect(isRankerName('Not a ranker!')).toBe(false);
    expect(isRankerName(null)).toBe(false);
  });

  it('shows a ranker whose files are missing as unavailable, with its one-line reason', () => {
    expect(rankerLabel(rankerChoice(CHOICES, 'transformers')!)).toBe('transformers (unavailable)');
    expect(rankerHelp(rankerChoice(CHOICES, 'transformers'))).toBe('Unavailable: no model files: models/x/config.json answered HTTP 404.');
    expect(rankerLabel(rankerChoice(CHOICES, 'bm25f')!)).toBe('bm25f');
    expect(rankerHelp(rankerChoice(CHOICES, 'regex'))).toMatch(/regular expression/);
    expect(rankerHelp(rankerChoice(CHOICES, 'nope'))).toBe('');
  });

  it('waits longer after a keystroke for rankers that answered slowly', () => {
    expect(debounceFor(undefined)).toBe(8);
    expect(debounceFor(0.4)).toBe(8);
    expect(debounceFor(60.2)).toBe(60);
    expect(debounceFor(900)).toBe(150);
  });
});
