import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { limitConnections, wasRefused } from './connection-limits.js';

/** A socket double: an address, what was written at the end, and a close the test triggers. */
function fakeSocket(remoteAddress: string): Socket & { written: string; close(): void } {
  const socket = new EventEmitter() as unknown as Socket & { written: string; close(): void };
  Object.assign(socket, {
    remoteAddress,
    written: '',
    end(text?: string) {
      socket.written += text ?? '';
    },
    setTimeout() {},
    destroy() {},
    close() {
      socket.emit('close');
    },
  });
  return socket;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('limitConnections', () => {
  it('counts per address and overall, answers 503 past either cap, and counts a closed connection out', () => {
    const server = createServer();
    const logger = createMemoryLogger();
    const { open } = limitConnections(server, { max: 3, perAddress: 2, logger, now: () => 0 });
    const [a1, a2, a3, b1, c1] = ['10.0.0.1', '10.0.0.1', '::ffff:10.0.0.1', '10.0.0.2', '10.0.0.3'].map(fakeSocket);
    for (const socket of [a1!, a2!, a3!, b1!, c1!]) server.emit('connection', socket);
    expect(open()).toBe(3);
    expect(a3!.written).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n[\s\S]*retry-after: 1\r\n[\s\S]*10\.0\.0\.1 has 2 connections open/);
    expect(wasRefused(a3!)).toBe(true);
    expect(c1!.written).toMatch(/all 3 connections are open/);
    expect(wasRefused(b1!)).toBe(false);
    a1!.close();
    expect(open()).toBe(2);
    const again = fakeSocket('10.0.0.1');
    server.emit('connection', again);
    expect(again.written).toBe('');
    expect(open()).toBe(3);
  });

  it('moves a connection whose headers were read from its address to its client: one token at its cap leaves the address to another', () => {
    const server = createServer();
    const logger = createMemoryLogger();
    const counts = limitConnections(server, { max: 10, perAddress: 2, logger, now: () => 0 });
    const alice = 'token aaaaaaaa11112222';
    const [a1, a2, a3, b1] = ['10.0.0.1', '10.0.0.1', '10.0.0.1', '10.0.0.1'].map(fakeSocket);
    server.emit('connection', a1!);
    server.emit('connection', a2!);
    expect(counts.assign(a1!, alice)).toBeUndefined();
    expect(counts.assign(a2!, alice)).toBeUndefined();
    // Alice's two are hers now: the address takes new connections again.
    server.emit('connection', a3!);
    server.emit('connection', b1!);
    expect(a3!.written).toBe('');
    expect(b1!.written).toBe('');
    expect(counts.assign(a3!, alice)).toBe('too many connections: token aaaaaaaa (from 10.0.0.1) has 2 connections open; retry shortly');
    expect(counts.assign(b1!, 'token bbbbbbbb33334444')).toBeUndefined();
    // Alice's refused third still counts against the address until it closes: one more fits there, not two.
    server.emit('connection', fakeSocket('10.0.0.1'));
    const over = fakeSocket('10.0.0.1');
    server.emit('connection', over);
    expect(over.written).toMatch(/10\.0\.0\.1 has 2 connections open/);
    a3!.close();
    // A connection closed counts out of the client it was moved to.
    a1!.close();
    expect(counts.assign(a2!, alice)).toBeUndefined();
    const a4 = fakeSocket('10.0.0.1');
    server.emit('connection', a4);
    expect(counts.assign(a4, alice)).toBeUndefined();
    expect(counts.open()).toBe(4);
    expect(logger.has('warn', /refused 1 connection with 503: token aaaaaaaa \(from 10\.0\.0\.1\) has 2 connections open \(at most 10, 2 per client\)/)).toBe(true);
  });

  it('leaves a connection without a token where it is, and never counts a refused one', () => {
    const server = createServer();
    const counts = limitConnections(server, { max: 10, perAddress: 1, logger: createMemoryLogger(), now: () => 0 });
    const [first, second] = ['10.0.0.1', '10.0.0.1'].map(fakeSocket);
    server.emit('connection', first!);
    server.emit('connection', second!);
    expect(counts.assign(first!, 'address 10.0.0.1')).toBeUndefined();
    expect(counts.assign(second!, 'token aaaaaaaa11112222')).toBeUndefined();
    expect(wasRefused(second!)).toBe(true);
    expect(counts.open()).toBe(1);
  });

  it('logs refusals at most every 10 s with their count, the last ones when the interval ends', () => {
    vi.useFakeTimers();
    let clock = 0;
    const server = createServer();
    const logger = createMemoryLogger();
    limitConnections(server, { max: 1, perAddress: 1, logger, now: () => clock });
    server.emit('connection', fakeSocket('10.0.0.1'));
    for (let index = 0; index < 5; index++) server.emit('connection', fakeSocket('10.0.0.2'));
    expect(logger.lines.filter((line) => line.startsWith('warn:'))).toEqual(['warn: refused 1 connection with 503: all 1 connections are open (at most 1, 1 per client)']);
    clock = 10_000;
    vi.advanceTimersByTime(10_000);
    expect(logger.lines.at(-1)).toBe('warn: refused 4 connections with 503: all 1 connections are open (at most 1, 1 per client)');
  });
});
