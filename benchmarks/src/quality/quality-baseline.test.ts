import { describe, expect, it } from 'vitest';
import { checkQualityGate, recordBaseline } from './quality-baseline.js';
import type { QualityBaseline } from './quality-baseline.js';

const entry = { 'recall@5': 67.8, 'ndcg@5': 63.8, 'mrr@10': 70.3, queries: 842, measuredAt: '2025-01-01' };
const baseline: QualityBaseline = { description: 'test', tolerancePoints: 1, sets: { mix10k: { bm25f: entry } } };

describe('checkQualityGate', () => {
  it('passes at or above the baseline and within one point below', () => {
    expect(checkQualityGate(baseline, 'mix10k', 'bm25f', 0.69).pass).toBe(true);
    expect(checkQualityGate(baseline, 'mix10k', 'bm25f', 0.668).pass).toBe(true);
  });

  it('fails more than one point below, saying by how much', () => {
    const verdict = checkQualityGate(baseline, 'mix10k', 'bm25f', 0.667);
    expect(verdict.pass).toBe(false);
    expect(verdict.message).toMatch(/FAILED.*66\.70 vs recorded 67\.80.*1\.10 points lower/);
  });

  it('fails when nothing is recorded for the set or ranker', () => {
    expect(checkQualityGate(baseline, 'sealtools', 'bm25f', 0.9).pass).toBe(false);
    expect(checkQualityGate(baseline, 'mix10k', 'hybrid', 0.9).message).toContain('no recorded Recall@5 for hybrid on mix10k');
  });

  it('records an entry without touching the others', () => {
    const updated = recordBaseline(baseline, 'mix10k', 'hybrid', { ...entry, 'recall@5': 68 });
    expect(updated.sets['mix10k']?.['bm25f']).toEqual(entry);
    expect(updated.sets['mix10k']?.['hybrid']?.['recall@5']).toBe(68);
    expect(baseline.sets['mix10k']?.['hybrid']).toBeUndefined();
  });
});
