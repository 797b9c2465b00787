import { describe, expect, it } from 'vitest';
import { waitFor } from '../__fixtures__/upstream-servers.js';
import { startPinging } from './liveness.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    await waitFor(() => pings >= 3, 5000, 'three pings');
    expect(dead).toEqual([]);
    answers = false;
    await waitFor(() => dead.length > 0, 5000, 'the upstream reported dead');
    await tick(50);
    expect(dead).toEqual(['2 pings in a row failed (timeout 5 ms; last: Request timed out)']);
    stop();
  });

  it('does nothing when the interval is 0, and stops when told', async () => {
    let pings = 0;
    startPinging(async () => void (pings += 1), { intervalMs: 0, timeoutMs: 5, missed: 1 }, () => {})();
    const stop = startPinging(async () => void (pings += 1), { intervalMs: 10, timeoutMs: 5, missed: 1 }, () => {});
    stop();
    await tick(40);
    expect(pings).toBe(0);
  });
});
