import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { waitForUpstreams } from './wait-for-upstreams.js';

afterEach(() => void vi.useRealTimers());

describe('waitForUpstreams', () => {
  it('names the upstream it waits for at info, then serves without it once the wait is over', async () => {
    vi.useFakeTimers();
    const logger = createMemoryLogger();
    const waiting = waitForUpstreams({ starts: new Promise(() => {}), pending: () => ['hangs'], waitMs: 5000, connectTimeoutMs: 10_000, logger });
    await vi.advanceTimersByTimeAsync(2000);
    expect(logger.lines).toEqual(['info: waiting for upstream "hangs" to answer (connect timeout 10000 ms; serving without it after 5000 ms)']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(await waiting).toEqual(['hangs']);
    expect(logger.has('info', /serving without upstream "hangs" for now \(still connecting after 5000 ms\): its tools join once ready/)).toBe(true);
  });

  it('says nothing when every upstream answers in time, and waits without a limit when none is set', async () => {
    vi.useFakeTimers();
    const logger = createMemoryLogger();
    let answered: () => void = () => {};
    const starts = new Promise<void>((resolve) => (answered = resolve));
    const pending = ['a', 'b'];
    const waiting = waitForUpstreams({ starts, pending: () => pending, waitMs: undefined, connectTimeoutMs: 10_000, logger });
    await vi.advanceTimersByTimeAsync(2000);
    expect(logger.lines).toEqual(['info: waiting for upstreams "a", "b" to answer (connect timeout 10000 ms)']);
    await vi.advanceTimersByTimeAsync(60_000);
    pending.length = 0;
    answered();
    expect(await waiting).toEqual([]);
    expect(logger.lines).toHaveLength(1);
  });

  it('rejects with cancelled when the signal aborts', async () => {
    const controller = new AbortController();
    const waiting = waitForUpstreams({ starts: new Promise(() => {}), pending: () => ['x'], waitMs: undefined, connectTimeoutMs: 1000, logger: createMemoryLogger(), signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
  });
});
