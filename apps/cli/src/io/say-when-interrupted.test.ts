import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sayWhenInterrupted } from './say-when-interrupted.js';

describe('sayWhenInterrupted', () => {
  it('says the state and exits 130 on SIGINT, 143 on SIGTERM, until it is stopped', () => {
    const signals = new EventEmitter();
    const said: string[] = [];
    const exits: number[] = [];
    let imported = 0;
    const stop = sayWhenInterrupted((text) => said.push(text), () => `interrupted: ${imported} events imported\n`, { signals, exit: (code) => exits.push(code) });
    imported = 200;
    signals.emit('SIGINT');
    expect(said).toEqual(['interrupted: 200 events imported\n']);
    expect(exits).toEqual([130]);
    signals.emit('SIGTERM');
    expect(exits).toEqual([130, 143]);
    const again = sayWhenInterrupted(() => {}, () => '', { signals, exit: (code) => exits.push(code) });
    again();
    stop();
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0);
  });
});
