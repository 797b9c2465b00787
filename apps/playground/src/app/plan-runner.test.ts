import { describe, expect, it, vi } from 'vitest';
import { createPlanRunner } from './plan-runner.js';

describe('createPlanRunner', () => {
  it('coalesces requests made while a plan runs into exactly one more run', async () => {
    vi.useFakeTimers();
    try {
      let release: () => void = () => undefined;
      const run = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
      const runner = createPlanRunner(run);
      runner.request();
      await vi.advanceTimersByTimeAsync(0);
      expect(run).toHaveBeenCalledTimes(1);
      runner.request();
      runner.request();
      await vi.advanceTimersByTimeAsync(0);
      expect(run).toHaveBeenCalledTimes(1);
      release();
      await vi.advanceTimersByTimeAsync(0);
      expect(run).toHaveBeenCalledTimes(2);
      release();
      await vi.advanceTimersByTimeAsync(10);
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the delay and restarts it on every request', async () => {
    vi.useFakeTimers();
    try {
      const run = vi.fn(() => Promise.resolve());
      const runner = createPlanRunner(run);
      runner.request(60);
      await vi.advanceTimersByTimeAsync(50);
      runner.request(60);
      await vi.advanceTimersByTimeAsync(50);
      expect(run).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(20);
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
