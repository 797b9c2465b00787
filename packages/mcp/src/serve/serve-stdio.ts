import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Gateway } from '../gateway/gateway.js';

/** Options of {@link serveStdio}. */
export interface ServeStdioOptions {
  /** Default `process.stdin`. */
  readonly stdin?: NodeJS.ReadableStream;
  /** Default `process.stdout`. Nothing else may write there. */
  readonly stdout?: NodeJS.WritableStream;
  /** Close the gateway (and its upstreams) when the client goes away. Default true. */
  readonly closeGateway?: boolean;
}

/** A gateway being served over stdio. */
export interface StdioGatewayServer {
  /** Resolves once the client has gone (stdin ended) and everything is closed. */
  readonly closed: Promise<void>;
  /** Stops serving (and closes the gateway unless `closeGateway: false`). */
  close(): Promise<void>;
}

/**
 * Serves one MCP session of `gateway` over stdin/stdout, until stdin ends
 * (the client exited) or `close()` is called.
 */
export async function serveStdio(gateway: Gateway, options: ServeStdioOptions = {}): Promise<StdioGatewayServer> {
  const stdin: NodeJS.ReadableStream = options.stdin ?? process.stdin;
  const server = gateway.createServer();
  const transport = new StdioServerTransport(stdin as NodeJS.ReadStream, (options.stdout ?? process.stdout) as NodeJS.WriteStream);
  let finish: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      stdin.removeListener('end', onEnd);
      await server.close().catch(() => {});
      if (options.closeGateway !== false) await gateway.close();
      finish();
    })();
    return closing;
  };
  const onEnd = (): void => void close();
  stdin.on('end', onEnd);
  await server.connect(transport);
  return { closed, close };
}
