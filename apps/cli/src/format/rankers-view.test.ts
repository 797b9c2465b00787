import { describe, expect, it } from 'vitest';
import { renderRankers } from './rankers-view.js';
import type { RankerView } from './rankers-view.js';

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

describe('renderRankers', () => {
  it('verbose: starts every option description in one column, a long name on a line of its own', () => {
    const lines = renderRankers([view], { verbose: true }).split('\n');
    const column = (line: string | undefined): number => line!.search(/\S/);
    const k1 = lines.find((line) => line.trim().startsWith('k1'));
    const long = lines.findIndex((line) => line.trim() === 'weights.parameterDescriptions');
    expect(long).toBeGreaterThan(0);
    expect(lines[long + 1]).toMatch(/^\s+number, default 0\.5: argument descriptions$/);
    expect(column(lines[long + 1])).toBe(k1!.indexOf('number'));
  });

  // Ranker trial F15 (decision 3466): 219 lines, each BM25F ranker's 40 options listed twice.
  it('by default: the top-level options, an object one with how many it holds, and one line saying how to see them', () => {
    const text = renderRankers([view, { ...view, name: 's', default: false }]);
    expect(text).toContain('    weights                      object, 1 option inside: per field\n');
    expect(text).not.toContain('parameterDescriptions');
    expect(text.match(/--verbose/g)).toHaveLength(1);
    expect(text.endsWith('\nOptions inside objects (fieldWeights.name, bm25.k1, …): loadout rankers --verbose, or --json.\n')).toBe(true);
  });

  it('says nothing of --verbose when no option is an object', () => {
    const flat: RankerView = { ...view, options: { k1: view.options['k1']! } };
    expect(renderRankers([flat])).not.toContain('--verbose');
    expect(renderRankers([flat])).toBe(renderRankers([flat], { verbose: true }));
  });
});
