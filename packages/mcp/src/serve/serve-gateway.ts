import { createLoadoutError } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { writeFileAtomic } from '@loadout/eval/files';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { createStreamLogger } from '../logger/create-stream-logger.js';
import { checkReadyFile, removeReadyFile } from './ready-file.js';
import { reservePort } from './reserve-port.js';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, type ServedGateway, type ServeGatewayOptions } from './serve-gateway-options.js';
import { serveHttp, type HttpGatewayServer } from './serve-http.js';
import { serveStdio } from './serve-stdio.js';
import { waitForSignal } from './wait-for-signal.js';

/**
 * The whole serving lifecycle of a gateway, as `loadout serve` runs it: the
 * ready file checked and the HTTP port held before any upstream is spawned
 * (`address-in-use` at once for a busy port), the gateway started, served
 * over streamable HTTP (`/healthz`, sessions, connection caps; see
 * `serveHttp`) or stdio, the endpoint written to the ready file, then
 * everything closed (and the ready file removed) on shutdown (SIGINT/SIGTERM by default) or, over stdio,
 * when the client goes, within `shutdownTimeoutMs`. A shutdown signal while the upstreams start stops them and
 * rejects with `cancelled`. Never left serving after reporting a failure.
 */
export async function serveGateway(options: ServeGatewayOptions): Promise<ServedGateway> {
  const logger = options.logger ?? createStreamLogger();
  const cwd = options.cwd ?? process.cwd();
  const { readyFile, http } = options;
  if (readyFile !== undefined) await checkReadyFile(readyFile, cwd);
  const shutdownTimeoutMs = integerOption('@loadout/mcp', 'shutdownTimeoutMs', options.shutdownTimeoutMs, DEFAULT_SHUTDOWN_TIMEOUT_MS, 100, 600_000);
  // Listened for from the start: a signal while the upstreams start stops them (the default action would leave them running).
  const signals =
    options.shutdown === undefined ? waitForSignal(undefined, (signal) => logger.info(`${signal} again: already shutting down (at most ${shutdownTimeoutMs} ms)`)) : undefined;
  const shutdownRequested = signals?.received ?? options.shutdown!();
  const startup = new AbortController();
  void shutdownRequested.then(() => startup.abort(), () => {});
  const start =
    typeof options.gateway === 'function'
      ? options.gateway
      : ((settings) => () => createGateway({ ...settings, signal: settings.signal ?? startup.signal }))(options.gateway);
  const host = http?.host ?? '127.0.0.1';
  // Hold the port while the upstreams start, so a busy port fails before anything is spawned.
  let gateway: Gateway;
  let reservation: Awaited<ReturnType<typeof reservePort>> | undefined;
  try {
    reservation = http === undefined ? undefined : await reservePort(host, http.port ?? 0);
    try {
      gateway = await start();
    } finally {
      await reservation?.release();
    }
  } catch (error) {
    signals?.cancel();
    if (startup.signal.aborted) logger.info('shutting down (while starting)');
    throw error;
  }
  if (startup.signal.aborted) {
    // Shut down while a gateway of one's own starting function started: nothing is served.
    logger.info('shutting down (while starting)');
    await gateway.close();
    signals?.cancel();
    throw createLoadoutError('cancelled', 'start-up was cancelled (shutting down)');
  }
  const stopWatching = options.onGateway?.(gateway) ?? (() => {});
  let server: HttpGatewayServer | undefined;
  let closeServing: () => Promise<void>;
  let clientGone: Promise<void> = new Promise(() => {});
  let endpoint: string;
  try {
    if (http === undefined) {
      const served = await serveStdio(gateway, {
        logger,
        ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
        ...(options.stdout === undefined ? {} : { stdout: options.stdout }),
      });
      closeServing = () => served.close();
      clientGone = served.closed;
      endpoint = 'stdio';
      logger.info('serving MCP over stdio');
    } else {
      server = await serveHttp(gateway, { ...http, host, port: reservation!.port, logger }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') throw error;
        throw createLoadoutError('address-in-use', `${host}:${reservation!.port} was taken while the upstreams started; try again`, {
          host,
          port: reservation!.port,
        });
      });
      const running = server;
      closeServing = () => running.close();
      endpoint = server.url;
    }
    if (readyFile !== undefined) await writeFileAtomic(readyFile, cwd, `${endpoint}\n`);
  } catch (error) {
    // Never left serving after reporting a failure: a client would wait on a half-started gateway.
    signals?.cancel();
    stopWatching();
    await (server?.close() ?? gateway.close());
    throw error;
  }
  let requestStop: () => void = () => {};
  const stopRequested = new Promise<void>((resolve) => (requestStop = resolve));
  const shutdown = shutdownRequested.then(() => logger.info('shutting down'));
  const stopped = Promise.race([shutdown, clientGone, stopRequested]).then(async () => {
    stopWatching();
    // Serving closes first, synchronously answering every request in flight gateway-shutting-down (and refusing new
    // ones 503), before the gateway's closing fails them otherwise; the gateway is marked closed in the same turn:
    // upstreams that exit now are not reconnected or reported, and calls still waiting end; each local upstream gets
    // 1 s after its stdin closes, then SIGTERM, then SIGKILL, its own children likewise.
    const closing = Promise.all([closeServing(), gateway.close()]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Not unref'd: the bound holds the process until the closing is done (or overran), so a step waiting on nothing
    // that keeps the process alive does not let it exit halfway (exit code 13, its upstreams' children left behind).
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), shutdownTimeoutMs)));
    const overran = await Promise.race([closing.then(() => false), late]);
    clearTimeout(timer);
    if (overran) logger.warn(`shutdown did not finish within ${shutdownTimeoutMs} ms; stopped waiting for it`);
    if (readyFile !== undefined) await removeReadyFile(readyFile, cwd, endpoint);
    // Only now may a signal end the process by default: a second one during the closing would have orphaned the upstreams.
    signals?.cancel();
  });
  return {
    endpoint,
    gateway,
    http: server,
    stopped,
    close() {
      requestStop();
      return stopped;
    },
  };
}
