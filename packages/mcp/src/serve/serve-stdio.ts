import { serveStdio as serveSdkStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { Gateway } from '../gateway/gateway.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { answeringTransport } from './answering-transport.js';
import { shuttingDownError } from './shutting-down.js';

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions {
  /** Default `process.stdin`. */
  readonly stdin?: NodeJS.ReadableStream;
  /** Default `process.stdout`. Nothing else may write there. */
  readonly stdout?: NodeJS.WritableStream;
  /** Close the gateway (and its upstreams) when the client goes away. Default true. */
  readonly closeGateway?: boolean;
  /** Receives the SDK's reports of bad messages (at debug level). Default: none. */
  readonly logger?: GatewayLogger;
}

/** A gateway being served over stdio. */
export interface StdioGatewayServer {
  /** Resolves once the client has gone (stdin ended) and everything is closed. */
  readonly closed: Promise<void>;
  /**
   * Stops serving (and closes the gateway unless `closeGateway: false`):
   * every request in flight first gets the JSON-RPC error -32000
   * `gateway-shutting-down` as its reply (as over HTTP); a reply the server
   * makes for it later is not sent.
   */
  close(): Promise<void>;
}

/**
 * Serves one MCP connection of `gateway` over stdin/stdout (a 2025-era
 * session or 2026-07-28 stateless requests, as the client opens it), until stdin ends
 * (the client exited) or `close()` is called.
 */
export async function serveStdio(gateway: Gateway, options: ServeStdioOptions = {}): Promise<StdioGatewayServer> {
  const stdin: NodeJS.ReadableStream = options.stdin ?? process.stdin;
  const stdout: NodeJS.WritableStream = options.stdout ?? process.stdout;
  const { logger } = options;
  // Knows the requests in flight, so a shutdown answers them (gateway-shutting-down) before the connection closes.
  const transport = answeringTransport(new StdioServerTransport(stdin as NodeJS.ReadStream, stdout as NodeJS.WriteStream));
  let finish: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let closing: Promise<void> | undefined;
  /** Closes; `answer`: first every request in flight gets the gateway-shutting-down error (not when the client left: nobody would read it). */
  const stop = (answer: boolean): Promise<void> => {
    closing ??= (async () => {
      stdin.removeListener('end', onEnd);
      if (answer) {
        const count = transport.pendingCount;
        await transport.answerPending(shuttingDownError(true));
        if (count > 0) logger?.info(`answered ${count} request${count === 1 ? '' : 's'} in flight: the gateway is shutting down [gateway-shutting-down]`);
      }
      await served.close().catch(() => {});
      if (options.closeGateway !== false) await gateway.close();
      finish();
    })();
    return closing;
  };
  const close = (): Promise<void> => stop(true);
  const onEnd = (): void => void stop(false);
  stdin.on('end', onEnd);
  // A client whose reading end went away (it crashed, or `| head`) has gone too: once a write fails, stdin may
  // never be read to its end (the SDK stops reading), and the gateway and its upstreams would run on forever.
  stdout.once('error', onEnd);
  stdout.once('close', onEnd);
  // The opening exchange picks the era: a 2025 initialize pins a session server, a 2026-07-28 request a stateless one.
  const served = serveSdkStdio((context) => gateway.createServer({ era: context.era }), {
    transport,
    onerror: (error) => logger?.debug(`stdio: ${error.message}`),
  });
  return { closed, close };
}
