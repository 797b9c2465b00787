import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_POSTED, WORKER_POSTED, post, receive, type ChannelWaiting, type ModChannel } from './mod-channel.js';

/** Both ends of a channel in this thread: `here` receives what `there` posts. */
function channelPair(): { here: ModChannel; there: ModChannel; close: () => void } {
  const { port1, port2 } = new MessageChannel();
  const flags = new Int32Array(new SharedArrayBuffer(8));
  return { here: { flags, port: port1 }, there: { flags, port: port2 }, close: () => port1.close() };
}

/** A manual clock, and a `wait` that plays `steps` in turn (each may post, advance the clock, and says how the wait ended). */
function scripted(steps: ReadonlyArray<(timeoutMs: number) => 'ok' | 'timed-out'>): ChannelWaiting & { clock: number; waits: number[] } {
  const state = {
    clock: 0,
    waits: [] as number[],
    now: () => state.clock,
    wait: (flags: Int32Array, slot: number, value: number, timeoutMs: number) => {
      if (Atomics.load(flags, slot) !== value) return 'not-equal' as const;
      state.waits.push(timeoutMs);
      const step = steps[state.waits.length - 1];
      if (step === undefined) throw new Error('waited more often than scripted');
      return step(timeoutMs);
    },
  };
  return state;
}

describe('receive', () => {
  let close = (): void => {};
  afterEach(() => close());

  it('a wake-up with the flag down (the notify of a message already taken, come late) waits again for the message', () => {
    const pair = channelPair();
    close = pair.close;
    const waiting = scripted([
      // The other side raised the flag of its previous message and paused before notifying: that notify lands now.
      () => 'ok',
      () => {
        post(pair.there, MAIN_POSTED, { type: 'answer', value: { description: 'from beneath' } });
        return 'ok';
      },
    ]);
    expect(receive(pair.here, MAIN_POSTED, Infinity, waiting)).toEqual({ type: 'answer', value: { description: 'from beneath' } });
    expect(waiting.waits).toEqual([Infinity, Infinity]);
    expect(Atomics.load(pair.here.flags, MAIN_POSTED)).toBe(0);
  });

  it('a late wake-up does not restart the deadline: the wait after it has the time left', () => {
    const pair = channelPair();
    close = pair.close;
    const waiting = scripted([
      () => {
        waiting.clock += 400;
        return 'ok';
      },
      (timeoutMs) => {
        waiting.clock += timeoutMs;
        return 'timed-out';
      },
    ]);
    expect(receive(pair.here, WORKER_POSTED, 1_000, waiting)).toBeUndefined();
    expect(waiting.waits).toEqual([1_000, 600]);
  });

  it('takes a message whose flag is up without waiting, and one raised at the deadline', () => {
    const pair = channelPair();
    close = pair.close;
    post(pair.there, WORKER_POSTED, { type: 'ready' });
    expect(receive(pair.here, WORKER_POSTED, 1_000, scripted([]))).toEqual({ type: 'ready' });
    const waiting = scripted([
      (timeoutMs) => {
        waiting.clock += timeoutMs;
        post(pair.there, WORKER_POSTED, { type: 'answer', value: 1 });
        return 'timed-out';
      },
    ]);
    expect(receive(pair.here, WORKER_POSTED, 1_000, waiting)).toEqual({ type: 'answer', value: 1 });
  });
});
