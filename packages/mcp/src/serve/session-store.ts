import type { GatewayLogger } from '../logger/gateway-logger.js';

/** Options of {@link createSessionStore}. */
export interface SessionStoreOptions<T> {
  /** Most sessions open at once (pending initializations included). */
  readonly maxSessions: number;
  /** Most sessions one client address may hold. */
  readonly maxSessionsPerAddress: number;
  /** A session with nothing in flight and no open stream for this long is closed, in ms. */
  readonly idleTimeoutMs: number;
  /** Closes a session's server and transport; the store has already forgotten it. */
  readonly close: (value: T) => Promise<void>;
  readonly logger: GatewayLogger;
  /** Clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

/** Why a new session could not be admitted: every candidate slot is busy. */
export interface SessionRefusal {
  readonly refused: true;
  readonly message: string;
}

/** A place reserved for a session being initialized; `commit` it under its id, or `release` it. */
export interface SessionTicket<T> {
  readonly refused: false;
  commit(id: string, value: T): void;
  release(): void;
}

/**
 * The open HTTP sessions, in least-recently-used order. It never refuses a
 * new client while some session is idle: at the cap (overall, or for the
 * client's address) the least recently used idle session is closed to make
 * room, sessions without an open stream first (an SDK client's `close()`
 * sends no DELETE, but it does drop its stream). Sessions idle past the idle
 * timeout are closed by a background sweep. A session is busy while a
 * request of it is in flight.
 */
export interface SessionStore<T> {
  /** Makes room for one more session from `address`, or says why it cannot. */
  admit(address: string): SessionTicket<T> | SessionRefusal;
  /** The session's value, marking it used; undefined when unknown, closed or evicted. */
  get(id: string): T | undefined;
  /** Marks a request (`request`) or a long-lived stream (`stream`) of the session as open until the returned function is called. */
  begin(id: string, kind: 'request' | 'stream'): () => void;
  /** Forgets a session that closed on its own. */
  remove(id: string): void;
  /** Closes sessions idle past the timeout; the background sweep calls this. */
  sweep(): void;
  readonly size: number;
  /** Stops the sweep, forgets every session and closes them. */
  closeAll(): Promise<void>;
}

interface Entry<T> {
  readonly id: string;
  readonly address: string;
  readonly value: T;
  lastActive: number;
  requests: number;
  streams: number;
}

/** Creates a {@link SessionStore}; its sweep timer does not keep the process alive. */
export function createSessionStore<T>(options: SessionStoreOptions<T>): SessionStore<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  const perAddress = new Map<string, number>();
  const pendingPerAddress = new Map<string, number>();
  let pending = 0;

  const countOf = (address: string): number => (perAddress.get(address) ?? 0) + (pendingPerAddress.get(address) ?? 0);
  const bump = (map: Map<string, number>, address: string, delta: number): void => {
    const next = (map.get(address) ?? 0) + delta;
    if (next <= 0) map.delete(address);
    else map.set(address, next);
  };

  const drop = (entry: Entry<T>, why: string): void => {
    if (entries.get(entry.id) !== entry) return;
    entries.delete(entry.id);
    bump(perAddress, entry.address, -1);
    options.logger.info(`closed session ${entry.id.slice(0, 8)} of ${entry.address}: ${why}`);
    options.close(entry.value).catch((error: unknown) => {
      options.logger.debug(`closing session ${entry.id.slice(0, 8)} failed: ${(error as Error).message}`);
    });
  };

  /** The least recently used idle session (of `address` when given): one without a stream first. */
  const leastRecentlyUsedIdle = (address?: string): Entry<T> | undefined => {
    let withStream: Entry<T> | undefined;
    for (const entry of entries.values()) {
      if (entry.requests > 0 || (address !== undefined && entry.address !== address)) continue;
      if (entry.streams === 0) return entry;
      withStream ??= entry;
    }
    return withStream;
  };

  const evict = (entry: Entry<T>, reason: string): void => {
    drop(entry, `evicted, the least recently used idle session (idle ${Math.round((now() - entry.lastActive) / 1000)} s), ${reason}`);
  };

  const touch = (entry: Entry<T>): void => {
    entry.lastActive = now();
    entries.delete(entry.id);
    entries.set(entry.id, entry);
  };

  const sweep = (): void => {
    const cutoff = now() - options.idleTimeoutMs;
    for (const entry of [...entries.values()]) {
      if (entry.requests === 0 && entry.streams === 0 && entry.lastActive <= cutoff) {
        drop(entry, `idle for ${Math.round((now() - entry.lastActive) / 1000)} s (idle timeout ${options.idleTimeoutMs} ms)`);
      }
    }
  };
  const timer = setInterval(sweep, Math.max(50, Math.min(30_000, Math.floor(options.idleTimeoutMs / 4))));
  timer.unref?.();

  return {
    admit(address) {
      if (countOf(address) >= options.maxSessionsPerAddress) {
        const victim = leastRecentlyUsedIdle(address);
        if (victim === undefined) {
          return { refused: true, message: `all ${options.maxSessionsPerAddress} sessions of ${address} are busy; retry when one finishes` };
        }
        evict(victim, `to admit a new session from the same address (at most ${options.maxSessionsPerAddress} per address)`);
      }
      if (entries.size + pending >= options.maxSessions) {
        const victim = leastRecentlyUsedIdle();
        if (victim === undefined) return { refused: true, message: `all ${options.maxSessions} sessions are busy; retry when one finishes` };
        evict(victim, `to admit a new session (at most ${options.maxSessions})`);
      }
      pending += 1;
      bump(pendingPerAddress, address, 1);
      let settled = false;
      const release = (): void => {
        if (settled) return;
        settled = true;
        pending -= 1;
        bump(pendingPerAddress, address, -1);
      };
      return {
        refused: false,
        commit(id, value) {
          if (settled) return;
          release();
          entries.set(id, { id, address, value, lastActive: now(), requests: 0, streams: 0 });
          bump(perAddress, address, 1);
        },
        release,
      };
    },
    get(id) {
      const entry = entries.get(id);
      if (entry === undefined) return undefined;
      touch(entry);
      return entry.value;
    },
    begin(id, kind) {
      const entry = entries.get(id);
      if (entry === undefined) return () => {};
      touch(entry);
      if (kind === 'request') entry.requests += 1;
      else entry.streams += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (kind === 'request') entry.requests -= 1;
        else entry.streams -= 1;
        entry.lastActive = now();
      };
    },
    remove(id) {
      const entry = entries.get(id);
      if (entry === undefined) return;
      entries.delete(id);
      bump(perAddress, entry.address, -1);
    },
    sweep,
    get size() {
      return entries.size;
    },
    async closeAll() {
      clearInterval(timer);
      const open = [...entries.values()];
      entries.clear();
      perAddress.clear();
      await Promise.all(open.map((entry) => options.close(entry.value).catch(() => {})));
    },
  };
}
