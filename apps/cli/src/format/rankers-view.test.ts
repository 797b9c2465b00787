import { describe, expect, it } from 'vitest';
import { renderRankers } from './rankers-view.js';
import type { RankerView } from './rankers-view.js';

describe('renderRankers', () => {
  it('starts every option description in one column, a long name on a line of its own', () => {
    const view: RankerView = {
      name: 'r',
      default: true,
      description: 'a ranker',
      queryKind: 'keywords',
      capabilities: { browserSafe: true, persistence: null, learnsFromUsage: null },
      options: {
        k1: { type: 'number', description: 'saturation', default: 2, min: 0, max: 10 },
        weights: { type: 'object', description: 'per field', properties: { parameterDescriptions: { type: 'number', description: 'argument descriptions', default: 0.5 } } },
      },
    };
    const lines = renderRankers([view]).split('\n');
    const column = (line: string | undefined): number => line!.search(/\S/);
    const k1 = lines.find((line) => line.trim().startsWith('k1'));
    const long = lines.findIndex((line) => line.trim() === 'weights.parameterDescriptions');
    expect(long).toBeGreaterThan(0);
    expect(lines[long + 1]).toMatch(/^\s+number, default 0\.5: argument descriptions$/);
    expect(column(lines[long + 1])).toBe(k1!.indexOf('number'));
  });
});
