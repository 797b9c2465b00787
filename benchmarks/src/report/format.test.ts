import { describe, expect, it } from 'vitest';
import { formatMegabytes, formatMs, formatPoints, formatRatio, markdownTable } from './format.js';

describe('report formatting', () => {
  it('formats durations, shares, sizes and ratios', () => {
    expect(formatMs(0.06523)).toBe('0.0652');
    expect(formatMs(3.414)).toBe('3.41');
    expect(formatMs(2210.4)).toBe('2210');
    expect(formatPoints(0.6783)).toBe('67.8');
    expect(formatMegabytes(5 * 1_048_576)).toBe('5.0');
    expect(formatMegabytes(null)).toBe('n/a');
    expect(formatRatio(3, 0.06)).toBe('50×');
    expect(formatRatio(0.03, 0.06)).toBe('0.50×');
    expect(formatRatio(1, 0)).toBe('n/a');
  });

  it('renders a Markdown table and escapes pipes', () => {
    expect(markdownTable(['a', 'b'], [['1', 'x|y']])).toBe('| a | b |\n| --- | --- |\n| 1 | x\\|y |');
  });
});
