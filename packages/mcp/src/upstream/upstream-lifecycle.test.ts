import { describe, expect, it } from 'vitest';
import {
  attemptStarted,
  becameReady,
  closedLifecycle,
  connectionLost,
  handshakeDone,
  initialLifecycle,
  isCurrent,
  settledFailures,
  type UpstreamLifecycle,
} from './upstream-lifecycle.js';

type Connection = { readonly id: number };
const reconnect = { initialMs: 100, maxMs: 1600, stableMs: 10_000 };

/** One attempt from `life` at `now` that connects and lists: the new lifecycle and its connection. */
function connect(life: UpstreamLifecycle<Connection>, now: number, id: number) {
  const abort = new AbortController();
  const connection = { id };
  const listing = handshakeDone(attemptStarted(life, abort), abort, connection)!;
  return { life: becameReady(listing, abort, now)!, connection, abort };
}

describe('the upstream lifecycle', () => {
  it('goes connecting → ready → reconnecting → connecting, each step acting only on the current stage', () => {
    const first = new AbortController();
    let life = initialLifecycle<Connection>(first);
    expect(life.phase.kind).toBe('connecting');
    const connection = { id: 1 };
    life = handshakeDone(life, first, connection)!;
    expect(isCurrent(life, connection)).toBe(true);
    life = becameReady(life, first, 1000)!;
    expect(life.phase).toEqual({ kind: 'ready', connection, since: 1000 });
    expect(handshakeDone(life, first, { id: 2 })).toBeUndefined();
    expect(connectionLost(life, { id: 9 }, 'the connection closed', 2000, reconnect)).toBeUndefined();
    life = connectionLost(life, connection, 'the connection closed', 2000, reconnect)!;
    expect(life).toEqual({ phase: { kind: 'reconnecting', retryAt: 2100, delayMs: 100 }, failedAttempts: 1, lastError: 'the connection closed' });
    expect(connectionLost(life, connection, 'closed again', 2001, reconnect)).toBeUndefined();
    const second = new AbortController();
    life = attemptStarted(life, second);
    expect(life.phase).toEqual({ kind: 'connecting', abort: second });
    expect(isCurrent(life, first)).toBe(false);
    expect(becameReady(life, first, 2200)).toBeUndefined();
  });

  it('backs off through a crash loop: a connection lost before stableMs counts as one more failure', () => {
    let life = initialLifecycle<Connection>(new AbortController());
    const delays: number[] = [];
    let clock = 0;
    for (let round = 0; round < 7; round++) {
      const ready = connect(life, clock, round);
      clock += 50; // up 50 ms, then the process exits
      life = connectionLost(ready.life, ready.connection, 'the connection closed', clock, reconnect)!;
      if (life.phase.kind !== 'reconnecting') throw new Error('expected reconnecting');
      delays.push(life.phase.delayMs);
      clock = life.phase.retryAt;
    }
    expect(delays).toEqual([100, 200, 400, 800, 1600, 1600, 1600]);
    expect(life.failedAttempts).toBe(7);
  });

  it('starts the backoff again once the upstream stayed ready for stableMs', () => {
    let life = initialLifecycle<Connection>(new AbortController());
    const failing = new AbortController();
    life = connectionLost(attemptStarted(life, failing), failing, 'could not connect: spawn ENOENT', 0, reconnect)!;
    life = connectionLost(attemptStarted(life, failing), failing, 'could not connect: spawn ENOENT', 100, reconnect)!;
    expect(life.failedAttempts).toBe(2);
    const ready = connect(life, 300, 1);
    expect(settledFailures(ready.life, 300 + 9_999, reconnect)).toEqual({ failedAttempts: 2, lastError: 'could not connect: spawn ENOENT' });
    expect(settledFailures(ready.life, 300 + 10_000, reconnect)).toEqual({ failedAttempts: 0 });
    life = connectionLost(ready.life, ready.connection, 'the connection closed', 300 + 10_000, reconnect)!;
    expect(life.phase).toMatchObject({ kind: 'reconnecting', delayMs: 100 });
    expect(life.failedAttempts).toBe(1);
  });

  it('stays closed: no attempt starts, no failure reopens it', () => {
    const ready = connect(initialLifecycle<Connection>(new AbortController()), 0, 1);
    const closed = closedLifecycle(ready.life);
    expect(closed.phase).toEqual({ kind: 'closed' });
    expect(attemptStarted(closed, new AbortController())).toBe(closed);
    expect(connectionLost(closed, ready.connection, 'late close', 5, reconnect)).toBeUndefined();
    expect(isCurrent(closed, ready.connection)).toBe(false);
  });
});
