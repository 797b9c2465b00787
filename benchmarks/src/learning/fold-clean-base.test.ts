import { describe, expect, it } from 'vitest';
import type { RerankCase } from '../rerank/rerank-cases.js';
import { foldCleanBackground } from './fold-clean-base.js';

const training = { features: new Float64Array(1), labels: Uint8Array.of(1), count: 1 };
const item = (set: string, query: string, pooledCopy = false): RerankCase =>
  ({ set, query: { query, relevant: ['t'] }, candidates: { tools: [], firstStage: new Float64Array(0), features: new Float64Array(0) }, training, pooledCopy }) as unknown as RerankCase;

describe('foldCleanBackground', () => {
  const cases = [
    item('a', 'send an email to my boss'),
    item('a', 'list the files in a folder'),
    item('b', 'Send an email to my boss!'),
    item('b', 'book a flight to Oslo'),
    item('mix', 'list the files in a folder', true),
    item('mix', 'book a flight to Oslo', true),
    item('mix', 'translate this text'),
  ];

  it("keeps the other sets' queries minus every near-duplicate of the set's, mix10k's pooled copies once", () => {
    const a = foldCleanBackground(cases, 'a');
    // b's repeat of a query of a and mix's copy of another are removed; mix's copy of b's flight stays out as a copy.
    expect(a.removed).toBe(2);
    expect(a.training).toHaveLength(2);
    expect(a.leakedQueries).toBe(0);
    const mix = foldCleanBackground(cases, 'mix');
    expect(mix.removed).toBe(2);
    expect(mix.training).toHaveLength(2);
    expect(mix.leakedQueries).toBe(0);
  });
});
