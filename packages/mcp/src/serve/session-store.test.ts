import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { createSessionStore, type SessionStore } from './session-store.js';

function store(options: { maxSessions?: number; maxSessionsPerAddress?: number; idleTimeoutMs?: number; graceMs?: number } = {}) {
  let clock = 1_000_000;
  const closed: string[] = [];
  const logger = createMemoryLogger();
  const sessions = createSessionStore<string>({
    maxSessions: options.maxSessions ?? 3,
    maxSessionsPerAddress: options.maxSessionsPerAddress ?? 3,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
    graceMs: options.graceMs ?? 1000,
    logger,
    now: () => clock,
    close: async (value) => void closed.push(value),
  });
  const open = (id: string, address = 'a', principal?: string): void => {
    const ticket = sessions.admit(address, principal);
    if (ticket.refused) throw new Error(ticket.message);
    ticket.commit(id, id);
  };
  return { sessions, closed, logger, open, advance: (ms: number) => void (clock += ms) };
}

function refusal(sessions: SessionStore<string>, address: string): string {
  const ticket = sessions.admit(address);
  return ticket.refused ? `${ticket.message} [Retry-After ${ticket.retryAfterSeconds}]` : 'admitted';
}

describe('createSessionStore', () => {
  it('at the cap evicts a session whose client left first, then the least recently used one idle past the grace period', () => {
    const { sessions, closed, open, advance } = store();
    open('s1');
    open('s2');
    open('s3');
    sessions.begin('s1', 'stream');
    const dropStream = sessions.begin('s3', 'stream');
    advance(1000);
    sessions.get('s2');
    dropStream();
    open('s4');
    expect(closed).toEqual(['s3']);
    open('s5');
    // s1 holds a stream but has been idle past the grace period; s2 was used since.
    expect(closed).toEqual(['s3', 's1']);
    expect(refusal(sessions, 'a')).toMatch(/all 3 sessions of a are in use or active within the last 1000 ms; retry in 1 s \[Retry-After 1\]/);
    expect(sessions.get('s3')).toBeUndefined();
    expect(sessions.size).toBe(3);
  });

  it('never evicts a session within the grace period, so never one between its handshake steps: 503 with the seconds to wait', () => {
    const { sessions, closed, open, advance } = store({ graceMs: 30_000 });
    open('s1');
    open('s2');
    open('s3');
    advance(12_000);
    const refused = sessions.admit('a');
    expect(refused).toMatchObject({ refused: true, retryAfterSeconds: 18 });
    advance(18_000);
    open('s4');
    expect(closed).toEqual(['s1']);
  });

  it('never evicts a session with a request in flight, however long ago it began, and admits again once one ends', () => {
    const { sessions, open, advance } = store({ maxSessions: 2 });
    open('s1');
    open('s2');
    const end1 = sessions.begin('s1', 'request');
    sessions.begin('s2', 'request');
    advance(10_000);
    expect(refusal(sessions, 'b')).toMatch(/all 2 sessions are in use/);
    end1();
    expect(refusal(sessions, 'b')).toMatch(/Retry-After 1/);
    advance(1000);
    open('s3', 'b');
    expect(sessions.get('s1')).toBeUndefined();
    expect(sessions.get('s2')).toBe('s2');
  });

  it('caps each address: its own sessions make room, other addresses keep theirs', () => {
    const { sessions, closed, open, advance } = store({ maxSessions: 10, maxSessionsPerAddress: 2 });
    open('other', 'b');
    open('a1');
    open('a2');
    advance(1000);
    open('a3');
    expect(closed).toEqual(['a1']);
    sessions.begin('a2', 'request');
    sessions.begin('a3', 'request');
    expect(refusal(sessions, 'a')).toMatch(/all 2 sessions of a are in use/);
    expect(sessions.get('other')).toBe('other');
  });

  it('caps each client, not each address: a token at its cap on one address leaves another token its own sessions', () => {
    const { sessions, closed, open, logger } = store({ maxSessions: 10, maxSessionsPerAddress: 2 });
    open('a1', '127.0.0.1', 'token aaaaaaaa11111111');
    open('a2', '127.0.0.1', 'token aaaaaaaa11111111');
    sessions.begin('a1', 'request');
    sessions.begin('a2', 'request');
    const refused = sessions.admit('127.0.0.1', 'token aaaaaaaa11111111');
    expect(refused).toMatchObject({ refused: true, message: expect.stringMatching(/^all 2 sessions of token aaaaaaaa \(from 127\.0\.0\.1\) are in use/) });
    // Another client on the same address (loopback, or behind one proxy) is not locked out by the first one's cap.
    open('b1', '127.0.0.1', 'token bbbbbbbb22222222');
    open('b2', '127.0.0.1', 'token bbbbbbbb22222222');
    expect(closed).toEqual([]);
    expect(sessions.size).toBe(4);
    expect(logger.lines.join('\n')).not.toMatch(/11111111|22222222/);
  });

  it('binds a session to the credentials that opened it: another principal neither finds nor touches it', () => {
    const { sessions, closed, open, advance } = store({ maxSessions: 1 });
    open('mine', 'a', 'token alice');
    expect(sessions.get('mine', 'token mallory')).toBeUndefined();
    expect(sessions.get('mine')).toBeUndefined();
    advance(1000);
    // Mallory's attempts did not keep it alive, nor did they close it.
    expect(closed).toEqual([]);
    expect(sessions.get('mine', 'token alice')).toBe('mine');
  });

  it('counts pending initializations against the caps until committed or released', () => {
    const { sessions } = store({ maxSessions: 1 });
    const first = sessions.admit('a');
    expect(first.refused).toBe(false);
    expect(refusal(sessions, 'a')).toMatch(/in use/);
    if (!first.refused) first.release();
    expect(refusal(sessions, 'a')).toBe('admitted');
  });

  it('closes sessions idle past the timeout, but not one with a request or a stream open', () => {
    const { sessions, closed, logger, open, advance } = store({ idleTimeoutMs: 1000 });
    open('idle');
    open('working');
    open('listening');
    sessions.begin('working', 'request');
    sessions.begin('listening', 'stream');
    advance(999);
    sessions.sweep();
    expect(closed).toEqual([]);
    advance(1);
    sessions.sweep();
    expect(closed).toEqual(['idle']);
    expect(logger.has('info', /closed session idle of a: idle for 1 s \(idle timeout 1000 ms\)/)).toBe(true);
  });
});
