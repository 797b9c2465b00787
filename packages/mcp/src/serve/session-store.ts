import type { GatewayLogger } from '../logger/gateway-logger.js';
import { describeClient } from './client-identity.js';

/** Options of {@link createSessionStore}. */
export interface SessionStoreOptions<T> {
  /** Most sessions open at once (pending initializations included). */
  readonly maxSessions: number;
  /**
   * Most sessions one client may hold: its principal (the bearer token's
   * fingerprint when tokens are required), else its address.
   */
  readonly maxSessionsPerAddress: number;
  /** A session with nothing in flight and no open stream for this long is closed, in ms. */
  readonly idleTimeoutMs: number;
  /**
   * A session may be evicted to make room only once it has been idle (no
   * request in flight, nothing sent) this long, in ms; a client that left
   * (its stream closed, nothing in flight) may be evicted at once.
   */
  readonly graceMs: number;
  /** Closes a session's server and transport; the store has already forgotten it. */
  readonly close: (value: T) => Promise<void>;
  readonly logger: GatewayLogger;
  /** Clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

/** Why a new session could not be admitted: every candidate slot is busy or within its grace period. */
export interface SessionRefusal {
  readonly refused: true;
  readonly message: string;
  /** Seconds until a slot may be freed (the `Retry-After`), at least 1. */
  readonly retryAfterSeconds: number;
}

/** A place reserved for a session being initialized; `commit` it under its id, or `release` it. */
export interface SessionTicket<T> {
  readonly refused: false;
  commit(id: string, value: T): void;
  release(): void;
}

/**
 * The open HTTP sessions, in least-recently-used order, each bound to the
 * credentials (`principal`) that opened it. At the cap (overall, or for the
 * client: its principal, else its address, so clients with their own tokens
 * on one address or behind one proxy have a cap each) one session is closed
 * to make room, of that client at its own cap: first one whose
 * client left (its stream closed and nothing in flight: an SDK client's
 * `close()` sends no DELETE, but it does drop its stream), else the least
 * recently used one idle past the grace period. Never one with a request in
 * flight, nor one active within the grace period (so never a session between
 * its handshake steps); when none qualifies the newcomer is refused with the
 * seconds until one may. Sessions idle past the idle timeout are closed by a
 * background sweep.
 */
export interface SessionStore<T> {
  /** Makes room for one more session from `address`, opened with `principal` (the client it counts against; default: the address), or says why it cannot. */
  admit(address: string, principal?: string): SessionTicket<T> | SessionRefusal;
  /**
   * The session's value, marking it used; undefined when unknown, closed,
   * evicted, or opened with other credentials than `principal` (then it is
   * not touched).
   */
  get(id: string, principal?: string): T | undefined;
  /** Marks a request (`request`) or a long-lived stream (`stream`) of the session as open until the returned function is called. */
  begin(id: string, kind: 'request' | 'stream'): () => void;
  /** Forgets a session that closed on its own. */
  remove(id: string): void;
  /** Closes sessions idle past the timeout; the background sweep calls this. */
  sweep(): void;
  readonly size: number;
  /** Every open session's value (without marking any used). */
  values(): T[];
  /** Stops the sweep, forgets every session and closes them. */
  closeAll(): Promise<void>;
}

interface Entry<T> {
  readonly id: string;
  readonly address: string;
  readonly principal: string;
  /** Whom the session counts against (the principal, else the address), and how logs and refusals name it. */
  readonly client: string;
  readonly value: T;
  lastActive: number;
  requests: number;
  streams: number;
  /** A stream was open and closed, and none is open now: the client most likely left. */
  departed: boolean;
}

/** Creates a {@link SessionStore}; its sweep timer does not keep the process alive. */
export function createSessionStore<T>(options: SessionStoreOptions<T>): SessionStore<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<T>>();
  const perClient = new Map<string, number>();
  const pendingPerClient = new Map<string, number>();
  let pending = 0;

  const countOf = (client: string): number => (perClient.get(client) ?? 0) + (pendingPerClient.get(client) ?? 0);
  const bump = (map: Map<string, number>, client: string, delta: number): void => {
    const next = (map.get(client) ?? 0) + delta;
    if (next <= 0) map.delete(client);
    else map.set(client, next);
  };

  const drop = (entry: Entry<T>, why: string): void => {
    if (entries.get(entry.id) !== entry) return;
    entries.delete(entry.id);
    bump(perClient, entry.client, -1);
    options.logger.info(`closed session ${entry.id.slice(0, 8)} of ${describeClient(entry.client, entry.address)}: ${why}`);
    options.close(entry.value).catch((error: unknown) => {
      options.logger.debug(`closing session ${entry.id.slice(0, 8)} failed: ${(error as Error).message}`);
    });
  };

  /** Whether `entry` may be evicted now: nothing in flight, and its client left or it is idle past the grace period. */
  const evictable = (entry: Entry<T>, at: number): boolean =>
    entry.requests === 0 && (entry.departed || at - entry.lastActive >= options.graceMs);

  /** The session to evict (of `client` when given): a departed client's first, else the least recently used past its grace. */
  const victimFor = (client?: string): Entry<T> | undefined => {
    const at = now();
    let oldest: Entry<T> | undefined;
    for (const entry of entries.values()) {
      if ((client !== undefined && entry.client !== client) || !evictable(entry, at)) continue;
      if (entry.departed) return entry;
      oldest ??= entry;
    }
    return oldest;
  };

  /** Seconds until some session of `client` (or any) may be evicted: at least 1, at most the grace period. */
  const retryAfter = (client?: string): number => {
    const at = now();
    // With every session busy, when one ends is unknown: ask again in a second.
    let wait = Number.POSITIVE_INFINITY;
    for (const entry of entries.values()) {
      if (entry.requests > 0 || (client !== undefined && entry.client !== client)) continue;
      wait = Math.min(wait, entry.lastActive + options.graceMs - at);
    }
    if (wait === Number.POSITIVE_INFINITY) wait = 1000;
    return Math.max(1, Math.ceil(wait / 1000));
  };

  const evict = (entry: Entry<T>, reason: string): void => {
    const idle = Math.round((now() - entry.lastActive) / 1000);
    drop(entry, `evicted, ${entry.departed ? 'its client gone (stream closed)' : `idle ${idle} s`}, ${reason}`);
  };

  const refuse = (message: string, client?: string): SessionRefusal => {
    const seconds = retryAfter(client);
    return { refused: true, message: `${message}; retry in ${seconds} s`, retryAfterSeconds: seconds };
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
    admit(address, principal = '') {
      const grace = `in use or active within the last ${options.graceMs} ms`;
      const client = principal === '' ? address : principal;
      if (countOf(client) >= options.maxSessionsPerAddress) {
        const victim = victimFor(client);
        if (victim === undefined) return refuse(`all ${options.maxSessionsPerAddress} sessions of ${describeClient(client, address)} are ${grace}`, client);
        evict(victim, `to admit a new session of the same client (at most ${options.maxSessionsPerAddress} per client)`);
      }
      if (entries.size + pending >= options.maxSessions) {
        const victim = victimFor();
        if (victim === undefined) return refuse(`all ${options.maxSessions} sessions are ${grace}`);
        evict(victim, `to admit a new session (at most ${options.maxSessions})`);
      }
      pending += 1;
      bump(pendingPerClient, client, 1);
      let settled = false;
      const release = (): void => {
        if (settled) return;
        settled = true;
        pending -= 1;
        bump(pendingPerClient, client, -1);
      };
      return {
        refused: false,
        commit(id, value) {
          if (settled) return;
          release();
          entries.set(id, { id, address, principal, client, value, lastActive: now(), requests: 0, streams: 0, departed: false });
          bump(perClient, client, 1);
        },
        release,
      };
    },
    get(id, principal = '') {
      const entry = entries.get(id);
      if (entry === undefined || entry.principal !== principal) return undefined;
      touch(entry);
      return entry.value;
    },
    begin(id, kind) {
      const entry = entries.get(id);
      if (entry === undefined) return () => {};
      touch(entry);
      entry.departed = false;
      if (kind === 'request') entry.requests += 1;
      else entry.streams += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (kind === 'request') {
          entry.requests -= 1;
          entry.lastActive = now();
        } else {
          entry.streams -= 1;
          entry.departed = entry.streams === 0 && entry.requests === 0;
        }
      };
    },
    remove(id) {
      const entry = entries.get(id);
      if (entry === undefined) return;
      entries.delete(id);
      bump(perClient, entry.client, -1);
    },
    sweep,
    get size() {
      return entries.size;
    },
    values: () => [...entries.values()].map((entry) => entry.value),
    async closeAll() {
      clearInterval(timer);
      const open = [...entries.values()];
      entries.clear();
      perClient.clear();
      await Promise.all(open.map((entry) => options.close(entry.value).catch(() => {})));
    },
  };
}
