import { describe, expect, it } from 'vitest';
import type { EngineMeasurement } from '../speed/engine-measurement.js';
import { renderSpeedReport, speedTable } from './speed-report.js';

const engine = (name: string, buildMs: number, p50Ms: number, heapMb: number | null): EngineMeasurement => ({
  name,
  kind: 'keyword',
  items: 100,
  buildMs,
  queries: 10,
  warmup: 5,
  p50Ms,
  p99Ms: p50Ms * 2,
  meanMs: p50Ms,
  heapDeltaBytes: heapMb === null ? null : heapMb * 1_048_576,
  externalDeltaBytes: heapMb === null ? null : 0,
  quality: 0.5,
  qualityLabel: 'recall@5',
});

describe('speedTable', () => {
  it('divides every figure by the reference engine', () => {
    const table = speedTable([engine('bm25f', 200, 0.05, 4), engine('wink-bm25', 2000, 3, 120)], 'bm25f');
    expect(table).toContain('| bm25f | keyword | 200 | 0.0500 | 0.100 | 4.0 | 0.0 | 50.0 (recall@5) | 1.0× | 1.0× | 1.0× | 1.0× |');
    expect(table).toContain('| wink-bm25 | keyword | 2000 | 3.00 | 6.00 | 120.0 | 0.0 | 50.0 (recall@5) | 10× | 60× | 60× | 30× |');
  });

  it('prints n/a ratios when the reference is missing, and says when memory was not measured', () => {
    expect(speedTable([engine('orama', 900, 9, null)], 'bm25f')).toContain('| n/a | n/a | n/a | n/a |');
    const report = renderSpeedReport([engine('orama', 900, 9, null)], {
      set: 'mix10k',
      tools: 10193,
      queries: 842,
      nodeVersion: 'v20',
      gc: false,
      reference: 'bm25f',
      notes: ['bm25f: not measured'],
    });
    expect(report).toContain('10,193 tools');
    expect(report).toContain('Memory: not measured');
    expect(report).toContain('- bm25f: not measured');
  });
});
