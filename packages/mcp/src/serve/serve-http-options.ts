import type { GatewayLogger } from '../logger/gateway-logger.js';

/** Default {@link ServeHttpOptions.maxBodyBytes}: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;
/** Default {@link ServeHttpOptions.maxSessions}. */
export const DEFAULT_MAX_SESSIONS = 100;
/** Default {@link ServeHttpOptions.maxSessionsPerAddress} (never more than `maxSessions`). */
export const DEFAULT_MAX_SESSIONS_PER_ADDRESS = 50;
/** Default {@link ServeHttpOptions.sessionIdleTimeoutMs}: 5 minutes. */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 300_000;

/**
 * Options of `serveHttp`. The defaults are the safe ones; every relaxation
 * is logged as a warning when the server starts.
 */
export interface ServeHttpOptions {
  /** Address to bind. Default `127.0.0.1`. Anything not loopback needs `allowNonLoopback`. */
  readonly host?: string;
  /** Port; 0 picks a free one. 0–65,535; default 0. */
  readonly port?: number;
  /** Allow binding to an address other machines can reach (e.g. `0.0.0.0`). Default false; logged when true. */
  readonly allowNonLoopback?: boolean;
  /**
   * Browser origins allowed to call, besides the gateway's own
   * (`http://127.0.0.1:PORT`, `http://localhost:PORT`). Requests with any
   * other `Origin` get 403; requests without one (not a browser) pass. `*`
   * allows every origin (logged). Default: none.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * `Host` header values accepted besides the bound address and
   * `localhost`/`127.0.0.1`/`[::1]` with the port (DNS-rebinding protection).
   * Checked only when bound to loopback; on other addresses the check is
   * off unless hosts are listed here (logged). Default: none.
   */
  readonly allowedHosts?: readonly string[];
  /** Bearer token every request must carry (`Authorization: Bearer …`), else 401. Default: none (logged). */
  readonly token?: string;
  /** Largest request body, in bytes; larger gets 413. 1,024–67,108,864; default 1,048,576. Raising it is logged. */
  readonly maxBodyBytes?: number;
  /**
   * Most MCP sessions open at once. At the cap a new `initialize` closes the
   * least recently used idle session (one without an open stream first) and
   * takes its place (logged at info); only when every session has a request
   * in flight does it get 503 with `Retry-After`. 1–10,000; default 100.
   */
  readonly maxSessions?: number;
  /**
   * Most sessions one client address holds; at the cap its own least
   * recently used idle session makes room, so one process cannot take every
   * slot from other addresses. 1–`maxSessions`; default 50 (or `maxSessions`
   * when smaller).
   */
  readonly maxSessionsPerAddress?: number;
  /**
   * A session with no request in flight and no open stream for this long is
   * closed (logged at info); its next request gets 404, the protocol's signal
   * to initialize again. 100–86,400,000 ms; default 300,000 (5 minutes).
   */
  readonly sessionIdleTimeoutMs?: number;
  /** Path of the MCP endpoint. Default `/mcp`. */
  readonly path?: string;
  /** Close the gateway too when the server closes. Default true. */
  readonly closeGateway?: boolean;
  /** Where startup lines and refused requests are reported. Default: stderr, `info` and above. */
  readonly logger?: GatewayLogger;
}
