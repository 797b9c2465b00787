import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exitWhenWritten, type ExitStream } from './exit-when-written.js';

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

const turns = async (count = 5): Promise<void> => {
  for (let turn = 0; turn < count; turn++) await Promise.resolve();
};

describe('exitWhenWritten', () => {
  it('exits with the code only once every stream has written what it was given', async () => {
    const [stdout, stderr] = [slowStream(), slowStream()];
    const exits: number[] = [];
    const ending = exitWhenWritten(2, [stdout, stderr], (code) => void exits.push(code));
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
    const ending = exitWhenWritten(0, [closed, destroyed], (code) => void exits.push(code));
    closed.fail();
    await ending;
    expect(exits).toEqual([0]);
  });
});
