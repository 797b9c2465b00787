import { afterEach, describe, expect, it } from 'vitest';
import { waitForSignal } from './wait-for-signal.js';

const waits: { cancel(): void }[] = [];
afterEach(() => {
  for (const wait of waits.splice(0)) wait.cancel();
});

describe('waitForSignal', () => {
  it('resolves on the first signal and keeps later ones from their default action until cancelled', async () => {
    const repeats: string[] = [];
    const before = process.listenerCount('SIGTERM');
    const wait = waitForSignal(['SIGTERM', 'SIGINT'], (signal) => repeats.push(signal));
    waits.push(wait);
    process.emit('SIGTERM', 'SIGTERM');
    await wait.received;
    // Still listening: without a listener, a second signal would end the process mid-shutdown.
    expect(process.listenerCount('SIGTERM')).toBe(before + 1);
    process.emit('SIGINT', 'SIGINT');
    process.emit('SIGTERM', 'SIGTERM');
    expect(repeats).toEqual(['SIGINT', 'SIGTERM']);
    wait.cancel();
    expect(process.listenerCount('SIGTERM')).toBe(before);
  });
});
