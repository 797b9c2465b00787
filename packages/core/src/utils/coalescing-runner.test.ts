import { describe, expect, it, vi } from 'vitest';
import { createCoalescingRunner } from './coalescing-runner.js';

function gate(): { wait: () => Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  return { wait: () => new Promise<void>((resolve) => (open = resolve)), open: () => open() };
}

describe('createCoalescingRunner', () => {
  it('runs at once, and coalesces requests made during a run into exactly one more run', async () => {
    const { wait, open } = gate();
    const task = vi.fn(wait);
    const runner = createCoalescingRunner(task);
    const first = runner.request();
    expect(task).toHaveBeenCalledTimes(1);
    expect(runner.busy).toBe(true);
    const second = runner.request();
    runner.request();
    expect(task).toHaveBeenCalledTimes(1);
    open();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(2));
    open();
    await Promise.all([first, second]);
    expect(task).toHaveBeenCalledTimes(2);
    expect(runner.busy).toBe(false);
  });

  it('never overlaps runs', async () => {
    let inside = 0;
    let most = 0;
    const runner = createCoalescingRunner(async () => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inside--;
    });
    await Promise.all(Array.from({ length: 20 }, () => runner.request()));
    expect(most).toBe(1);
  });

  it('rejects with a run error but still makes the run asked for after it; idle never rejects', async () => {
    let calls = 0;
    const { wait, open } = gate();
    const runner = createCoalescingRunner(async () => {
      calls++;
      if (calls === 1) {
        await wait();
        throw new Error('first run failed');
      }
    });
    const first = runner.request();
    const joined = runner.request();
    open();
    await expect(first).rejects.toThrow('first run failed');
    await expect(joined).rejects.toThrow('first run failed');
    expect(calls).toBe(2);
    await expect(runner.idle()).resolves.toBeUndefined();
    await runner.request();
    expect(calls).toBe(3);
  });
});
