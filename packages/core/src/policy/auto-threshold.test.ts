import { describe, expect, it } from 'vitest';
import { autoThresholdTokens, reachesAutoThreshold } from './auto-threshold.js';

describe('auto threshold', () => {
  it.each([
    [200_000, 10, 20_000],
    [200_000, 5, 10_000],
    [200_000, 2.5, 5_000],
    [200_000, 0, 0],
    [200_000, 100, 200_000],
    [1_000_000, 10, 100_000],
    [200_001, 10, 20_001],
    [128_000, 7.3, 9_344],
  ])('window %i at %d%% needs %i tokens', (window, percent, tokens) => {
    expect(autoThresholdTokens(window, percent)).toBe(tokens);
    expect(reachesAutoThreshold(tokens, window, percent)).toBe(true);
    if (tokens > 0) expect(reachesAutoThreshold(tokens - 1, window, percent)).toBe(false);
  });
});
