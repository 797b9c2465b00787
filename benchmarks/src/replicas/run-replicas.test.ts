import { describe, expect, it } from 'vitest';
import { renderReplicas, type Comparison } from './run-replicas.js';

const side = (label: string, perSecond: number, pathCpuMs: number) => ({ label, perSecond, replicaCpuMs: 1, pathCpuMs });
const comparison: Comparison = { a: side('behind HAProxy', 900, 2.2), b: side('direct', 1000, 2), ratio: 0.9, ratios: [0.9, 0.91], cpuRatio: 0.91 };

describe('renderReplicas', () => {
  it('shows each comparison with both ratios, and a comparison that could not run with its reason', () => {
    const markdown = renderReplicas({
      generatedAt: '2026-12-06T00:00:00.000Z',
      tools: 10_000,
      concurrency: 8,
      rounds: 2,
      roundWork: 400,
      loadBalancer: { skipped: 'haproxy is not installed (Debian package haproxy)' },
      protocols: comparison,
      recorder: { up: comparison, down: comparison, costMs: { up: 0.2, down: 0.3 }, calls: 1600, rows: 1600 },
    });
    expect(markdown).toContain('| one replica behind HAProxy / the same replica direct (target ≥ 0.85) | skipped: haproxy is not installed (Debian package haproxy) | | |');
    expect(markdown).toContain('behind HAProxy: 900 searches/s; CPU per search: 2.2 ms on the path, 1 ms in the replica');
    expect(markdown).toContain('0.91 by CPU per unit; 0.9 by throughput (median per round; rounds 0.9 0.91)');
    expect(markdown).toContain("The recorder's cost per search-then-call, as replica CPU time: 0.2 ms with the database up, 0.3 ms with it stopped");
    expect(markdown).toContain('1,600 of 1,600 recorded calls');
  });
});
