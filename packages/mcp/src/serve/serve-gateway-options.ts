import type { CreateGatewayOptions } from '../gateway/create-gateway-options.js';
import type { Gateway } from '../gateway/gateway.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import type { HttpGatewayServer } from './serve-http.js';
import type { ServeHttpOptions } from './serve-http-options.js';

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
  /** Resolves when serving should stop. Default: the first SIGINT or SIGTERM once serving. */
  readonly shutdown?: () => Promise<void>;
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
