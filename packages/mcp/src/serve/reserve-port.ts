import { createServer } from 'node:net';
import { createLoadoutError } from '@loadout/core';

/** A port held open by {@link reservePort} until `release`. */
export interface PortReservation {
  /** The port held (the one the system picked when asked for 0). */
  readonly port: number;
  /** Closes the placeholder listener so the real server can bind the port. */
  release(): Promise<void>;
}

/**
 * Binds `host:port` with a placeholder listener, so a busy port is reported
 * before any slow work (spawning upstream servers) starts. Throws
 * `address-in-use` for a busy port and `invalid-option` when the address
 * cannot be bound at all (EACCES, EADDRNOTAVAIL), naming the address.
 */
export function reservePort(host: string, port: number): Promise<PortReservation> {
  return new Promise((resolve, reject) => {
    // A connection to the placeholder (a load balancer's health check while the upstreams start) is closed
    // at once: the client sees the port as not serving yet, and release() never waits on it.
    const server = createServer((socket) => socket.destroy());
    server.once('error', (error: NodeJS.ErrnoException) => {
      const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
      if (error.code === 'EADDRINUSE') {
        reject(createLoadoutError('address-in-use', `${address} is already in use; stop what listens there or pick another port (--http ${host === '127.0.0.1' ? '' : `${host}:`}0 picks a free one)`, { host, port }));
      } else {
        reject(createLoadoutError('invalid-option', `cannot listen on ${address}: ${error.code ?? error.message}`, { host, port, code: error.code }));
      }
    });
    server.listen({ host, port, exclusive: true }, () => {
      const bound = server.address();
      const held = typeof bound === 'object' && bound !== null ? bound.port : port;
      resolve({ port: held, release: () => new Promise((done) => server.close(() => done())) });
    });
  });
}
