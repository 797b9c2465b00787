import { describe, expect, it } from 'vitest';
import { isStreamDrop, watchStreamDrops } from './stream-drop.js';

const drop = new Error('SSE stream disconnected: TypeError: terminated');

describe('watchStreamDrops', () => {
  it('recognises only a broken response stream', () => {
    expect(isStreamDrop(drop)).toBe(true);
    expect(isStreamDrop(new Error('Failed to open SSE stream: Not Found'))).toBe(false);
    expect(isStreamDrop('SSE stream disconnected')).toBe(false);
  });

  it('reports the upstream lost when the ping after a broken stream fails, pinging once for many broken streams', async () => {
    const lost: string[] = [];
    let pings = 0;
    let refuse!: (error: Error) => void;
    const onError = watchStreamDrops(
      () => {
        pings += 1;
        return new Promise((_, reject) => (refuse = reject));
      },
      (reason) => void lost.push(reason),
    );
    onError(drop);
    onError(drop);
    onError(new Error('something else'));
    expect(pings).toBe(1);
    refuse(new TypeError('fetch failed'));
    await Promise.resolve();
    await Promise.resolve();
    expect(lost).toEqual(['a response stream broke off and a ping failed: fetch failed']);
  });

  it('keeps an upstream that still answers, and checks again at the next broken stream', async () => {
    const lost: string[] = [];
    let pings = 0;
    const onError = watchStreamDrops(
      () => {
        pings += 1;
        return Promise.resolve({});
      },
      (reason) => void lost.push(reason),
    );
    onError(drop);
    await Promise.resolve();
    await Promise.resolve();
    onError(drop);
    expect(pings).toBe(2);
    expect(lost).toEqual([]);
  });

  it('ignores errors that are not a broken stream', () => {
    let pings = 0;
    const onError = watchStreamDrops(
      () => {
        pings += 1;
        return Promise.resolve();
      },
      () => {},
    );
    onError(new Error('Maximum reconnection attempts (2) exceeded.'));
    expect(pings).toBe(0);
  });
});
