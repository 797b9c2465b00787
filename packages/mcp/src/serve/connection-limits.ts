import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { GatewayLogger } from '../logger/gateway-logger.js';

/** Caps of {@link limitConnections}. */
export interface ConnectionLimits {
  /** Most open connections. */
  readonly max: number;
  /** Most open connections from one client address. */
  readonly perAddress: number;
  readonly logger: GatewayLogger;
  /** Clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

/** How long a refused connection may stay half-closed before it is destroyed, in ms. */
const REFUSED_LINGER_MS = 1000;

/** Connections refused at a cap: the HTTP server must not answer their requests. */
const refusedSockets = new WeakSet<Socket>();

/** Whether `socket` was refused at a connection cap (its requests are not served). */
export function wasRefused(socket: Socket): boolean {
  return refusedSockets.has(socket);
}

/** Refusals are logged at warn at most this often, with a count (a flood is one line per interval). */
const WARN_INTERVAL_MS = 10_000;

/** The client's address, IPv4-mapped IPv6 written as IPv4. */
export function socketAddress(socket: Socket): string {
  const address = socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

function refusal(message: string): string {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  return `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/**
 * Counts `server`'s open connections, overall and per client address; a
 * connection past either cap is answered 503 with `Retry-After: 1` and
 * closed before any of its bytes are read, so a flood of slow or idle
 * connections from one address cannot take every slot. Refusals are logged
 * at warn at most every 10 s, with their count (the last ones when the
 * interval ends). Returns the open count.
 */
export function limitConnections(server: Server, limits: ConnectionLimits): () => number {
  let open = 0;
  const perAddress = new Map<string, number>();
  const now = limits.now ?? Date.now;
  let refused = 0;
  let lastReason = '';
  let warnedAt = Number.NEGATIVE_INFINITY;
  let pending: NodeJS.Timeout | undefined;
  const report = (): void => {
    clearTimeout(pending);
    pending = undefined;
    if (refused === 0) return;
    limits.logger.warn(`refused ${refused} connection${refused === 1 ? '' : 's'} with 503: ${lastReason} (at most ${limits.max}, ${limits.perAddress} per address)`);
    warnedAt = now();
    refused = 0;
  };
  server.once('close', () => clearTimeout(pending));
  server.on('connection', (socket: Socket) => {
    const address = socketAddress(socket);
    const mine = perAddress.get(address) ?? 0;
    const over =
      open >= limits.max
        ? `all ${limits.max} connections are open`
        : mine >= limits.perAddress
          ? `${address} has ${limits.perAddress} connections open`
          : undefined;
    if (over !== undefined) {
      refused += 1;
      lastReason = over;
      const wait = warnedAt + WARN_INTERVAL_MS - now();
      if (wait <= 0) report();
      else if (pending === undefined) {
        // The refusals of the interval are reported once it ends, with their count.
        pending = setTimeout(report, wait);
        pending.unref();
      }
      socket.on('error', () => {});
      // Half-closed, not destroyed: destroying a socket with unread bytes resets it (RST), and the
      // client would lose the 503 it was sent. It is destroyed once the client closes, or after a second.
      socket.end(refusal(`too many connections: ${over}; retry shortly`));
      socket.setTimeout(REFUSED_LINGER_MS, () => socket.destroy());
      refusedSockets.add(socket);
      return;
    }
    open += 1;
    perAddress.set(address, mine + 1);
    socket.once('close', () => {
      open -= 1;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
    });
  });
  return () => open;
}
