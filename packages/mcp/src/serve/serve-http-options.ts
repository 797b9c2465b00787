import type { GatewayLogger } from '../logger/gateway-logger.js';

/** Default {@link ServeHttpOptions.maxBodyBytes}: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;
/** Default {@link ServeHttpOptions.maxSessions}. */
export const DEFAULT_MAX_SESSIONS = 100;

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
  /** Most concurrent MCP sessions; another `initialize` gets 503. 1–10,000; default 100. */
  readonly maxSessions?: number;
  /** Path of the MCP endpoint. Default `/mcp`. */
  readonly path?: string;
  /** Close the gateway too when the server closes. Default true. */
  readonly closeGateway?: boolean;
  /** Where startup lines and refused requests are reported. Default: stderr, `info` and above. */
  readonly logger?: GatewayLogger;
}
