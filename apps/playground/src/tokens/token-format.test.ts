import { describe, expect, it } from 'vitest';
import { tokenFormat } from './token-format.js';

describe('tokenFormat', () => {
  it('writes every figure of a chart in one unit and precision', () => {
    const demo = tokenFormat([5300, 2900, 52_300]);
    expect([5300, 2900, 52_300, 800, 0].map(demo)).toEqual(['5.3k', '2.9k', '52.3k', '0.8k', '0.0k']);
    const large = tokenFormat([31_200, 12_000, 1_452_000]);
    expect([31_200, 1_452_000, 400].map(large)).toEqual(['31k', '1,452k', '0k']);
    expect(tokenFormat([5300, 808_163])(808_163)).toBe('808.2k');
    expect([950, 12].map(tokenFormat([950, 12]))).toEqual(['950', '12']);
  });
});
