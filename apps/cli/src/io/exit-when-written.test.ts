import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exitWhenWritten, LOG_WAIT_MS, type ExitStream } from './exit-when-written.js';

/** A stream whose writes complete when the test says so. */
function slowStream(): ExitStream & { finish(): void; fail(): void } {
  const events = new EventEmitter();
  const pending: (() => void)[] = [];
  return {
    destroyed: false,
    writableEnded: false,
    write: (_text, done) => void pending.push(() => done()),
    once: (event, listener) => events.once(event, listener),
    finish: () => pending.splice(0).forEach((done) => done()),
    fail: () => void events.emit('error'),
  };
}

/** A timer the test fires: `fire()` resolves every wait so far; `asked` holds their durations. */
function manualTimer(): { wait: (ms: number) => Promise<void>; fire(): void; asked: number[] } {
  const waiting: (() => void)[] = [];
  const asked: number[] = [];
  return {
    wait: (ms) => new Promise<void>((resolve) => (asked.push(ms), waiting.push(resolve))),
    fire: () => waiting.splice(0).forEach((resolve) => resolve()),
    asked,
  };
}

const never = (): Promise<void> => new Promise(() => {});

const turns = async (count = 5): Promise<void> => {
  for (let turn = 0; turn < count; turn++) await Promise.resolve();
};

describe('exitWhenWritten', () => {
  it('exits with the code only once every stream has written what it was given', async () => {
    const [stdout, stderr] = [slowStream(), slowStream()];
    const exits: number[] = [];
    const ending = exitWhenWritten(2, { answers: [stdout], logs: [stderr] }, (code) => void exits.push(code), never);
    await turns();
    expect(exits).toEqual([]);
    stdout.finish();
    await turns();
    expect(exits).toEqual([]);
    stderr.finish();
    await ending;
    expect(exits).toEqual([2]);
  });

  it('does not wait for a stream whose reader went away, nor for a destroyed one', async () => {
    const closed = slowStream();
    const destroyed = { ...slowStream(), destroyed: true };
    const exits: number[] = [];
    const ending = exitWhenWritten(0, { answers: [closed, destroyed], logs: [] }, (code) => void exits.push(code), never);
    closed.fail();
    await ending;
    expect(exits).toEqual([0]);
  });

  it('gives a log stream nobody reads LOG_WAIT_MS, then exits without the rest of it', async () => {
    const [stdout, stderr] = [slowStream(), slowStream()];
    const timer = manualTimer();
    const exits: number[] = [];
    const ending = exitWhenWritten(1, { answers: [stdout], logs: [stderr] }, (code) => void exits.push(code), timer.wait);
    stdout.finish();
    await turns();
    expect(exits).toEqual([]);
    expect(timer.asked).toEqual([LOG_WAIT_MS]);
    timer.fire();
    await ending;
    expect(exits).toEqual([1]);
  });

  it('waits for the answers however long they take, the log wait gone by', async () => {
    const [stdout, stderr] = [slowStream(), slowStream()];
    const timer = manualTimer();
    const exits: number[] = [];
    const ending = exitWhenWritten(0, { answers: [stdout], logs: [stderr] }, (code) => void exits.push(code), timer.wait);
    timer.fire();
    await turns();
    expect(exits).toEqual([]);
    stdout.finish();
    await ending;
    expect(exits).toEqual([0]);
  });
});
