import { describe, expect, it } from 'vitest';
import { formatLatencyMs, p99Note } from './latency-ms.js';

describe('formatLatencyMs', () => {
  it('keeps the places a run holds: two under 1 ms, one under 10, none above', () => {
    expect([0, 0.0449, 0.25, 0.999, 1, 3.456, 9.94, 10, 16.4, 140.6].map(formatLatencyMs)).toEqual(['0.00', '0.04', '0.25', '1.00', '1.0', '3.5', '9.9', '10', '16', '141']);
  });
});

describe('p99Note', () => {
  it('is said under 100 queries only, where p99 is the slowest query', () => {
    expect(p99Note(45)).toBe('note: p99 over 45 queries (fewer than 100) is the slowest one, and moves from run to run\n');
    expect(p99Note(1)).toContain('over 1 query ');
    expect(p99Note(100)).toBe('');
  });
});
