import type { CreateGatewayOptions } from '../gateway/create-gateway-options.js';
import type { Gateway } from '../gateway/gateway.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import type { HttpGatewayServer } from './serve-http.js';
import type { ServeHttpOptions } from './serve-http-options.js';

/** Default {@link ServeGatewayOptions.shutdownTimeoutMs}. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 5000;

/** Options of `serveGateway`. */
export interface ServeGatewayOptions {
  /**
   * The gateway: `createGateway`'s options, or a function that starts one
   * (called once the HTTP port is held, so a busy port fails before any
   * upstream is spawned). Closed when serving stops.
   */
  readonly gateway: CreateGatewayOptions | (() => Promise<Gateway>);
  /** Serve streamable HTTP with these options (`host`, `port`, safety, session and connection caps). Default: stdio. */
  readonly http?: ServeHttpOptions;
  /**
   * Once serving, write the endpoint (`http://HOST:PORT/mcp`, or `stdio`) and
   * a newline to this file, atomically. Checked before anything starts: it
   * must be absent, empty or an earlier ready file (else
   * `file-overwrite-refused`) in a writable folder (else `file-unwritable`).
   * Removed on shutdown while it still holds this endpoint. Default: none.
   */
  readonly readyFile?: string;
  /** Folder `readyFile` is relative to. Default `process.cwd()`. */
  readonly cwd?: string;
  /** Stdio only. Default `process.stdin`. */
  readonly stdin?: NodeJS.ReadableStream;
  /** Stdio only. Default `process.stdout`; nothing else may write there. */
  readonly stdout?: NodeJS.WritableStream;
  /**
   * Resolves when serving should stop; called at once, so it may resolve
   * while the gateway starts (then start-up is cancelled: every upstream is
   * stopped and `serveGateway` rejects with `cancelled`). Default: the first
   * SIGINT or SIGTERM.
   */
  readonly shutdown?: () => Promise<void>;
  /**
   * Longest wait for everything to close on shutdown, in ms; then
   * `stopped` resolves anyway, with a warning. A local upstream is normally
   * gone within about 3 s (1 s to exit once its stdin closes, then SIGTERM,
   * then SIGKILL 1 s later; whatever it started itself likewise).
   * 100–600,000; default 5,000.
   */
  readonly shutdownTimeoutMs?: number;
  /**
   * Called with the gateway before it is served (e.g. to re-index on a new
   * learned decision); the function it returns, if any, runs when serving stops.
   */
  readonly onGateway?: (gateway: Gateway) => (() => void) | void;
  /** Where the lifecycle is reported. Default: `info` and above to stderr. */
  readonly logger?: GatewayLogger;
}

/** A gateway being served by `serveGateway`. */
export interface ServedGateway {
  /** `http://HOST:PORT/mcp`, or `stdio`. */
  readonly endpoint: string;
  readonly gateway: Gateway;
  /** The HTTP server; undefined over stdio. */
  readonly http: HttpGatewayServer | undefined;
  /** Resolves once serving stopped (shutdown, the stdio client gone, or `close()`) and everything is closed. */
  readonly stopped: Promise<void>;
  /** Stops serving and closes the gateway. Idempotent. */
  close(): Promise<void>;
}
