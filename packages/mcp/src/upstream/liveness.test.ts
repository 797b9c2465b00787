import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPinging } from './liveness.js';

// The clock is vitest's fake timers: no test waits for real time.
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('startPinging', () => {
  it('reports an upstream dead after the given number of failed pings in a row, once', async () => {
    let answers = true;
    let pings = 0;
    const dead: string[] = [];
    const stop = startPinging(
      async () => {
        pings += 1;
        if (!answers) throw new Error('MCP error -32001: Request timed out');
      },
      { intervalMs: 10, timeoutMs: 5, missed: 2 },
      (reason) => dead.push(reason),
    );
    await vi.advanceTimersByTimeAsync(30);
    expect(pings).toBe(3);
    expect(dead).toEqual([]);
    answers = false;
    await vi.advanceTimersByTimeAsync(10);
    expect(dead).toEqual([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(dead).toEqual(['2 pings in a row failed (timeout 5 ms; last: Request timed out)']);
    await vi.advanceTimersByTimeAsync(100);
    expect(pings).toBe(5);
    expect(dead).toHaveLength(1);
    stop();
  });

  it('a ping that answers again resets the count of misses', async () => {
    const answers = [true, false, true, false, true];
    let pings = 0;
    const dead: string[] = [];
    const stop = startPinging(
      async () => {
        if (!(answers[pings++] ?? true)) throw new Error('timeout');
      },
      { intervalMs: 10, timeoutMs: 5, missed: 2 },
      (reason) => dead.push(reason),
    );
    await vi.advanceTimersByTimeAsync(60);
    expect(pings).toBe(6);
    expect(dead).toEqual([]);
    stop();
  });

  it('does nothing when the interval is 0, and stops when told', async () => {
    let pings = 0;
    startPinging(async () => void (pings += 1), { intervalMs: 0, timeoutMs: 5, missed: 1 }, () => {})();
    const stop = startPinging(async () => void (pings += 1), { intervalMs: 10, timeoutMs: 5, missed: 1 }, () => {});
    stop();
    await vi.advanceTimersByTimeAsync(40);
    expect(pings).toBe(0);
  });
});
