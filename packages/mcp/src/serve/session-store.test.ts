import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { createSessionStore, type SessionStore } from './session-store.js';

function store(options: { maxSessions?: number; maxSessionsPerAddress?: number; idleTimeoutMs?: number } = {}) {
  let clock = 1_000_000;
  const closed: string[] = [];
  const logger = createMemoryLogger();
  const sessions = createSessionStore<string>({
    maxSessions: options.maxSessions ?? 3,
    maxSessionsPerAddress: options.maxSessionsPerAddress ?? 3,
    idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
    logger,
    now: () => clock,
    close: async (value) => void closed.push(value),
  });
  const open = (id: string, address = 'a'): void => {
    const ticket = sessions.admit(address);
    if (ticket.refused) throw new Error(ticket.message);
    ticket.commit(id, id);
  };
  return { sessions, closed, logger, open, advance: (ms: number) => void (clock += ms) };
}

function refusal(sessions: SessionStore<string>, address: string): string {
  const ticket = sessions.admit(address);
  return ticket.refused ? ticket.message : 'admitted';
}

describe('createSessionStore', () => {
  it('evicts the least recently used idle session at the cap, sessions without a stream first', () => {
    const { sessions, closed, open, advance } = store();
    open('s1');
    open('s2');
    open('s3');
    sessions.begin('s1', 'stream');
    advance(10);
    sessions.get('s2');
    open('s4');
    expect(closed).toEqual(['s3']);
    open('s5');
    expect(closed).toEqual(['s3', 's2']);
    open('s6');
    expect(closed).toEqual(['s3', 's2', 's4']);
    expect(sessions.get('s3')).toBeUndefined();
    expect(sessions.size).toBe(3);
  });

  it('refuses only when every candidate has a request in flight, and admits again once one ends', () => {
    const { sessions, open } = store({ maxSessions: 2 });
    open('s1');
    open('s2');
    const end1 = sessions.begin('s1', 'request');
    sessions.begin('s2', 'request');
    expect(refusal(sessions, 'b')).toMatch(/all 2 sessions are busy/);
    end1();
    open('s3', 'b');
    expect(sessions.get('s1')).toBeUndefined();
    expect(sessions.get('s2')).toBe('s2');
  });

  it('caps each address: its own least recently used idle session makes room, other addresses keep theirs', () => {
    const { sessions, closed, open } = store({ maxSessions: 10, maxSessionsPerAddress: 2 });
    open('other', 'b');
    open('a1');
    open('a2');
    open('a3');
    expect(closed).toEqual(['a1']);
    sessions.begin('a2', 'request');
    sessions.begin('a3', 'request');
    expect(refusal(sessions, 'a')).toMatch(/all 2 sessions of a are busy/);
    expect(sessions.get('other')).toBe('other');
  });

  it('counts pending initializations against the caps until committed or released', () => {
    const { sessions } = store({ maxSessions: 1 });
    const first = sessions.admit('a');
    expect(first.refused).toBe(false);
    expect(refusal(sessions, 'a')).toMatch(/busy/);
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
