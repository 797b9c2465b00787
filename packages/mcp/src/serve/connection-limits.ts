import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { describeClient } from './client-identity.js';
import { addressPrincipal } from './http-guard.js';
import { rawRefusal } from './http-reply.js';

/** Caps of {@link limitConnections}. */
export interface ConnectionLimits {
  /** Most open connections. */
  readonly max: number;
  /** Most open connections of one client: one address until a request's headers are read, then its principal. */
  readonly perAddress: number;
  readonly logger: GatewayLogger;
  /** Clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

/** What {@link limitConnections} counts. */
export interface ConnectionCounts {
  /** Open connections (those refused at accept are not counted). */
  open(): number;
  /**
   * Counts `socket` against `client` (a principal: `token <fingerprint>` or
   * `address <address>`) from now on, once a request's headers are read.
   * When `client` already holds its cap, the connection stays counted where
   * it was and the refusal to answer (503, then close) is returned.
   */
  assign(socket: Socket, client: string): string | undefined;
}

/** How long a refused connection may stay half-closed before it is destroyed, in ms. */
const REFUSED_LINGER_MS = 1000;

/** Connections refused at a cap: the HTTP server must not answer their requests. */
const refusedSockets = new WeakSet<Socket>();

/** Whether `socket` was refused at a connection cap (its requests are not served). */
export function wasRefused(socket: Socket): boolean {
  return refusedSockets.has(socket);
}

/** `1 connection open`, `512 connections open`. */
function connectionsOpen(count: number): string {
  return `${count} connection${count === 1 ? '' : 's'} open`;
}

/** Refusals are logged at warn at most this often, with a count (a flood is one line per interval). */
const WARN_INTERVAL_MS = 10_000;

/** The client's address, IPv4-mapped IPv6 written as IPv4. */
export function socketAddress(socket: Socket): string {
  const address = socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** `data` of a refusal at either connection cap (3442): at accept, or once the request's headers name its client. */
export const TOO_MANY_CONNECTIONS = { code: 'gateway-too-many-connections', retryAfterSeconds: 1 } as const;

/** The 503 written to a connection refused at accept, before any of its bytes are read. */
function refusal(message: string): string {
  return rawRefusal(503, 'Service Unavailable', message, TOO_MANY_CONNECTIONS, { 'retry-after': String(TOO_MANY_CONNECTIONS.retryAfterSeconds) });
}

/**
 * Counts `server`'s open connections, overall and per client. A new
 * connection counts against its address (nothing else is known before its
 * bytes are read); past either cap it is answered 503 with `Retry-After: 1`
 * and closed before any of its bytes are read, so a flood of slow or idle
 * connections from one address cannot take every slot. Once a request's
 * headers are read (the server's header deadline bounds how long that may
 * take), `assign` moves the connection to its client's count, so on one
 * address (loopback, a proxy) the connections of one token leave the
 * others' alone. Refusals are logged at warn at most every 10 s, with their
 * count (the last ones when the interval ends).
 */
export function limitConnections(server: Server, limits: ConnectionLimits): ConnectionCounts {
  let open = 0;
  /** Open connections per principal: its address's until a request's headers are read, then its client's. */
  const counts = new Map<string, number>();
  const counted = new WeakMap<Socket, string>();
  const add = (key: string, delta: number): void => {
    const left = (counts.get(key) ?? 0) + delta;
    if (left <= 0) counts.delete(key);
    else counts.set(key, left);
  };
  const now = limits.now ?? Date.now;
  let refused = 0;
  let lastReason = '';
  let warnedAt = Number.NEGATIVE_INFINITY;
  let pending: NodeJS.Timeout | undefined;
  const report = (): void => {
    clearTimeout(pending);
    pending = undefined;
    if (refused === 0) return;
    limits.logger.warn(`refused ${refused} connection${refused === 1 ? '' : 's'} with 503: ${lastReason} (at most ${limits.max}, ${limits.perAddress} per client)`);
    warnedAt = now();
    refused = 0;
  };
  /** Counts a refusal for the log; returns the message the client gets. */
  const refuse = (over: string): string => {
    refused += 1;
    lastReason = over;
    const wait = warnedAt + WARN_INTERVAL_MS - now();
    if (wait <= 0) report();
    else if (pending === undefined) {
      // The refusals of the interval are reported once it ends, with their count.
      pending = setTimeout(report, wait);
      pending.unref();
    }
    return `too many connections: ${over}; retry shortly`;
  };
  server.once('close', () => clearTimeout(pending));
  server.on('connection', (socket: Socket) => {
    const address = socketAddress(socket);
    const key = addressPrincipal(address);
    const over =
      open >= limits.max
        ? `all ${limits.max} connections are open`
        : (counts.get(key) ?? 0) >= limits.perAddress
          ? `${address} has ${connectionsOpen(limits.perAddress)}`
          : undefined;
    if (over !== undefined) {
      const message = refuse(over);
      socket.on('error', () => {});
      // Half-closed, not destroyed: destroying a socket with unread bytes resets it (RST), and the
      // client would lose the 503 it was sent. It is destroyed once the client closes, or after a second.
      socket.end(refusal(message));
      socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
      refusedSockets.add(socket);
      return;
    }
    open += 1;
    add(key, 1);
    counted.set(socket, key);
    socket.once('close', () => {
      open -= 1;
      add(counted.get(socket) ?? key, -1);
    });
  });
  return {
    open: () => open,
    assign(socket, client) {
      const current = counted.get(socket);
      if (current === undefined || current === client) return undefined;
      if ((counts.get(client) ?? 0) >= limits.perAddress) return refuse(`${describeClient(client, socketAddress(socket))} has ${connectionsOpen(limits.perAddress)}`);
      add(current, -1);
      add(client, 1);
      counted.set(socket, client);
      return undefined;
    },
  };
}
