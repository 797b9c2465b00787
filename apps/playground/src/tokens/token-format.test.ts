import { describe, expect, it } from 'vitest';
import { tokenFormat } from './token-format.js';

describe('tokenFormat', () => {
  it('writes every figure of a chart in one unit and precision', () => {
    const demo = tokenFormat(52_300);
    expect([5300, 2900, 52_300, 800].map(demo)).toEqual(['5.3k', '2.9k', '52.3k', '0.8k']);
    const large = tokenFormat(1_452_000);
    expect([31_200, 1_452_000, 400].map(large)).toEqual(['31k', '1,452k', '0k']);
    expect([950, 12].map(tokenFormat(950))).toEqual(['950', '12']);
  });
});
