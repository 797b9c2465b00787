import type { GatewayLogger } from '../logger/gateway-logger.js';

/** Default {@link ServeHttpOptions.maxBodyBytes}: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576;
/**
 * Deepest JSON body the HTTP endpoint takes (the body object is 1; a tool's
 * `arguments` sit 3 levels down). Deeper bodies are answered -32602
 * `mcp-arguments-too-deep` before anything recursive (serialising, schema
 * checks) touches them: those overflow the stack at a few thousand levels.
 */
export const MAX_BODY_DEPTH = 1000;
/** Default {@link ServeHttpOptions.maxSessions}. */
export const DEFAULT_MAX_SESSIONS = 100;
/** Default {@link ServeHttpOptions.maxSessionsPerAddress} (never more than `maxSessions`). */
export const DEFAULT_MAX_SESSIONS_PER_ADDRESS = 50;
/** Default {@link ServeHttpOptions.sessionIdleTimeoutMs}: 5 minutes. */
export const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 300_000;
/** Default {@link ServeHttpOptions.sessionGraceMs}: 30 seconds. */
export const DEFAULT_SESSION_GRACE_MS = 30_000;
/** Default {@link ServeHttpOptions.maxConnections}. */
export const DEFAULT_MAX_CONNECTIONS = 1024;
/** Default {@link ServeHttpOptions.maxConnectionsPerAddress}. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 512;
/** Default {@link ServeHttpOptions.headersTimeoutMs}: 10 seconds. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/** Default {@link ServeHttpOptions.requestTimeoutMs}: 30 seconds. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/** Default {@link ServeHttpOptions.maxResponseBytes}: 16 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 16_777_216;

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
  /**
   * Bearer token every request must carry (`Authorization: Bearer …`), else
   * 401; several tokens are several clients. A session is bound to the token
   * that opened it (without tokens, to the client address): a request or
   * DELETE with its id and another token gets 404, as for an unknown session.
   * Each at least 8 characters. Default: none (logged).
   */
  readonly token?: string | readonly string[];
  /** Largest request body, in bytes; larger gets 413. 1,024–67,108,864; default 1,048,576. Raising it is logged. */
  readonly maxBodyBytes?: number;
  /**
   * Most MCP sessions open at once. At the cap a new `initialize` closes a
   * session whose client left (its stream closed, nothing in flight), else
   * the least recently used one idle past `sessionGraceMs`, and takes its
   * place (logged at info); never one with a request in flight or active
   * within the grace period. When none qualifies the newcomer gets 503 with
   * `Retry-After` (seconds until one may). 1–10,000; default 100.
   */
  readonly maxSessions?: number;
  /**
   * Most sessions one client holds: its bearer token when `token` is set,
   * else its address (so two tokens on loopback, or behind one proxy, have a
   * cap each; without tokens, clients behind one proxy share theirs). At the
   * cap one of its own sessions makes room as for `maxSessions`, so one
   * client cannot take every slot from the others. 1–`maxSessions`; default
   * 50 (or `maxSessions` when smaller).
   */
  readonly maxSessionsPerAddress?: number;
  /**
   * A session with no request in flight and no open stream for this long is
   * closed (logged at info); its next request gets 404, the protocol's signal
   * to initialize again. 100–86,400,000 ms; default 300,000 (5 minutes).
   */
  readonly sessionIdleTimeoutMs?: number;
  /**
   * How long a session must be idle (no request in flight, none made) before
   * a newcomer may evict it at a cap; covers the gaps between a client's
   * handshake steps and requests. 0–`sessionIdleTimeoutMs`; default 30,000.
   */
  readonly sessionGraceMs?: number;
  /**
   * Most open TCP connections; past it a new connection is answered 503 with
   * `Retry-After: 1` and closed. 1–100,000; default 1,024.
   */
  readonly maxConnections?: number;
  /**
   * Most open TCP connections of one client (a slow-connection flood from
   * one client leaves the others served); past it, 503 as for
   * `maxConnections`. A connection counts against its address until a
   * request's headers are read (within `headersTimeoutMs`), then against its
   * client: its bearer token when `token` is set and the request carries
   * one of them, else its address. So two tokens on loopback, or behind one
   * proxy, have a cap each; without tokens, clients behind one proxy share
   * theirs: raise it to `maxConnections` there. 1–`maxConnections`; default 512.
   */
  readonly maxConnectionsPerAddress?: number;
  /** Longest time a client may take to send a request's headers, in ms; then 408 and the connection closes. 1,000–`requestTimeoutMs`; default 10,000. */
  readonly headersTimeoutMs?: number;
  /** Longest time a client may take to send a whole request (headers and body), in ms; then 408. 1,000–3,600,000; default 30,000. Streams the server sends are not limited. */
  readonly requestTimeoutMs?: number;
  /**
   * Largest answer to one HTTP request (all the replies to one POSTed batch),
   * in bytes: a reply that would pass it is replaced by the short error
   * -32603 `mcp-response-too-large` naming its size (under 400 bytes; every
   * request of a batch of at most 100 still gets its reply). A 2026-07-28 request
   * carries one message, bounded by the upstream result limits.
   * 65,536–1,073,741,824; default 16,777,216 (16 MiB).
   */
  readonly maxResponseBytes?: number;
  /** Path of the MCP endpoint. Default `/mcp`. */
  readonly path?: string;
  /** Close the gateway too when the server closes. Default true. */
  readonly closeGateway?: boolean;
  /** Clock of the session caps (idle timeout, grace period), for tests. Default `Date.now`. */
  readonly now?: () => number;
  /**
   * Schedules the end of a shutdown's drain (`ms`: 1,000), for tests. Until
   * then connections stay open: answers in flight flush, and a request
   * arriving on a kept-alive connection is refused 503 instead of cut off.
   * Default `setTimeout`, not keeping the process alive.
   */
  readonly schedule?: (run: () => void, ms: number) => void;
  /** Where startup lines and refused requests are reported. Default: stderr, `info` and above. */
  readonly logger?: GatewayLogger;
}
