import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo } from 'node:net';
import { createLoadoutError, describeValue } from '@loadout/core';
import { createMcpHandler, isInitializeRequest, isLegacyRequest, type AuthInfo, type Server } from '@modelcontextprotocol/server';
import { toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { integerOption, jsonDepth } from '@loadout/core/utils';
import type { Gateway } from '../gateway/gateway.js';
import { createStreamLogger } from '../logger/create-stream-logger.js';
import { replyError as reply } from './http-reply.js';
import { healthStatus } from './health-status.js';
import { checkRequestHeaders, connectionPrincipal, normalizeOrigin, requestPrincipal, type HttpGuardPolicy } from './http-guard.js';
import { limitConnections, socketAddress, TOO_MANY_CONNECTIONS, wasRefused } from './connection-limits.js';
import { isLoopbackHost, urlHost } from './loopback.js';
import { checkJsonRpcEnvelope, idOf, INVALID_PARAMS_CODE, INVALID_REQUEST_CODE, PARSE_ERROR_CODE } from './jsonrpc-envelope.js';
import { isClientAbort, readLimitedBody } from './read-limited-body.js';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_ADDRESS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SESSION_GRACE_MS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  MAX_BODY_DEPTH,
  type ServeHttpOptions,
} from './serve-http-options.js';
import { createSessionStore } from './session-store.js';
import { createSessionTransport, type SessionTransport } from './session-transport.js';
import { answerOnShutdown } from './answer-on-shutdown.js';
import { answerClientErrors } from './answer-client-errors.js';
import { withRefusalCodes } from './refusal-codes.js';
import { replyShuttingDown, shuttingDownError } from './shutting-down.js';

/** The load balancer's check: `GET /healthz` (see {@link healthStatus}); no token needed, it names nothing. */
const HEALTH_PATH = '/healthz';
/** JSON-RPC code the MCP SDK uses for an unknown session (with HTTP 404). */
const SESSION_NOT_FOUND_CODE = -32001;
const UNKNOWN_SESSION = 'Session not found: it was closed, evicted or timed out; start a new one with initialize';
const SESSION_NOT_FOUND = { code: 'mcp-session-not-found' } as const;
/** `data` of a request the HTTP layer refuses as malformed: not JSON or not JSON-RPC (400), a wrong path (404) or method (405). */
const INVALID_INPUT = { code: 'invalid-input' } as const;
/** `data` of an MCP request that arrives before the gateway is there (503). */
const STARTING = { code: 'gateway-starting', retryAfterSeconds: 1 } as const;
/**
 * How long a shutdown keeps connections open: answers to requests in flight flush, and a request arriving on a
 * connection kept alive is refused 503 (HTTP/1.1 cannot tell a client to stop reusing an idle connection but by
 * an answer with `connection: close`). Then idle connections close, and any still busy (a client reading nothing).
 */
const DRAIN_MS = 1000;

function scheduleUnref(run: () => void, ms: number): void {
  setTimeout(run, ms).unref();
}

/** A gateway being served over streamable HTTP. */
export interface HttpGatewayServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:51234/mcp`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Open MCP sessions. */
  sessionCount(): number;
  /** Open TCP connections (those refused at a cap are not counted). */
  connectionCount(): number;
  /** Closes every session and the listener (and the gateway unless `closeGateway: false`). */
  close(): Promise<void>;
}

interface Session {
  readonly transport: SessionTransport;
  readonly server: Server;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function checkOrigins(origins: readonly string[]): { anyOrigin: boolean; origins: string[] } {
  let anyOrigin = false;
  const normalized: string[] = [];
  for (const origin of origins) {
    if (origin === '*') {
      anyOrigin = true;
      continue;
    }
    const value = normalizeOrigin(origin);
    if (value === undefined) {
      throw createLoadoutError('invalid-option', `allowed origin ${describeValue(origin)} is not an http(s) origin like http://localhost:5173`, {
        option: 'allowedOrigins',
        value: origin,
      });
    }
    normalized.push(value);
  }
  return { anyOrigin, origins: normalized };
}

/**
 * Serves `gateway` over MCP's streamable HTTP transport at `path`: 2026-07-28
 * requests statelessly (any replica of one config answers any of them),
 * 2025-era clients one MCP session (with its own loaded-tools list) each;
 * `GET /healthz` for load balancers. Given a promise, it listens at once and
 * answers 503 (health `starting`) until the gateway is there. Safe by default: binds
 * 127.0.0.1, refuses non-loopback addresses unless `allowNonLoopback`, checks
 * `Host` and `Origin` (403), an optional bearer token (401) and the body size
 * (413). Throws `invalid-option` for unsafe or invalid settings.
 */
export async function serveHttp(gatewayOrStarting: Gateway | Promise<Gateway>, options: ServeHttpOptions = {}): Promise<HttpGatewayServer> {
  const logger = options.logger ?? createStreamLogger();
  const host = options.host ?? '127.0.0.1';
  const loopback = isLoopbackHost(host);
  if (!loopback && options.allowNonLoopback !== true) {
    throw createLoadoutError(
      'invalid-option',
      `refusing to listen on ${describeValue(host)}: it is reachable from other machines; bind 127.0.0.1, or allow it explicitly (--host-unsafe) together with a bearer token`,
      { option: 'host', value: host },
    );
  }
  const port = integerOption('@loadout/mcp', 'port', options.port, 0, 0, 65_535);
  const maxBodyBytes = integerOption('@loadout/mcp', 'maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 1024, 67_108_864);
  const maxSessions = integerOption('@loadout/mcp', 'maxSessions', options.maxSessions, DEFAULT_MAX_SESSIONS, 1, 10_000);
  const maxSessionsPerAddress = integerOption('@loadout/mcp', 'maxSessionsPerAddress', options.maxSessionsPerAddress, Math.min(DEFAULT_MAX_SESSIONS_PER_ADDRESS, maxSessions), 1, maxSessions);
  const idleTimeoutMs = integerOption('@loadout/mcp', 'sessionIdleTimeoutMs', options.sessionIdleTimeoutMs, DEFAULT_SESSION_IDLE_TIMEOUT_MS, 100, 86_400_000);
  const graceMs = integerOption('@loadout/mcp', 'sessionGraceMs', options.sessionGraceMs, Math.min(DEFAULT_SESSION_GRACE_MS, idleTimeoutMs), 0, idleTimeoutMs);
  const maxConnections = integerOption('@loadout/mcp', 'maxConnections', options.maxConnections, DEFAULT_MAX_CONNECTIONS, 1, 100_000);
  const maxConnectionsPerAddress = integerOption('@loadout/mcp', 'maxConnectionsPerAddress', options.maxConnectionsPerAddress, Math.min(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, maxConnections), 1, maxConnections);
  const requestTimeoutMs = integerOption('@loadout/mcp', 'requestTimeoutMs', options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS, 1000, 3_600_000);
  const headersTimeoutMs = integerOption('@loadout/mcp', 'headersTimeoutMs', options.headersTimeoutMs, Math.min(DEFAULT_HEADERS_TIMEOUT_MS, requestTimeoutMs), 1000, requestTimeoutMs);
  const maxResponseBytes = integerOption('@loadout/mcp', 'maxResponseBytes', options.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 65_536, 1_073_741_824);
  const path = options.path ?? '/mcp';
  if (!path.startsWith('/')) throw createLoadoutError('invalid-option', `path must start with "/" (got ${describeValue(path)})`, { option: 'path' });
  const tokens = options.token === undefined ? undefined : typeof options.token === 'string' ? [options.token] : [...options.token];
  if (tokens !== undefined && (tokens.length === 0 || tokens.some((token) => typeof token !== 'string' || token.length < 8))) {
    throw createLoadoutError('invalid-option', 'every bearer token must be at least 8 characters long', { option: 'token' });
  }
  const { anyOrigin, origins } = checkOrigins(options.allowedOrigins ?? []);

  const sessions = createSessionStore<Session>({
    maxSessions,
    maxSessionsPerAddress,
    idleTimeoutMs,
    graceMs,
    logger,
    ...(options.now === undefined ? {} : { now: options.now }),
    close: (session) => session.server.close(),
  });
  let policy: HttpGuardPolicy | undefined;
  let gateway: Gateway | undefined;
  // 2026-07-28 requests: one stateless server per request, any replica answers; 2025-era traffic keeps its sessions below.
  // Its client (for the fair search queue) comes as authInfo.clientId: the principal set on the request below, never a token.
  const modern = createMcpHandler((context) => gateway!.createServer({ era: context.era, ...(context.authInfo === undefined ? {} : { client: context.authInfo.clientId }) }), {
    legacy: 'reject',
    maxRequestBodySize: maxBodyBytes,
    onerror: (error) => logger.debug(`stateless request: ${error.message}`),
  });
  // At shutdown, stateless requests in flight are answered gateway-shutting-down (not the handler's empty 499).
  const modernAnswering = answerOnShutdown(modern);
  const serveModern = toNodeHandler(withRefusalCodes(modernAnswering), { maxRequestBodySize: maxBodyBytes, onerror: (error) => logger.error(`stateless request failed: ${error.message}`) });
  // Listening may start while the upstreams start: /healthz answers 503 and MCP requests 503 with Retry-After until then.
  let unsubscribe: () => void = () => {};
  const started = Promise.resolve(gatewayOrStarting).then((ready) => {
    gateway = ready;
    unsubscribe = ready.onIndexChange(() => modern.notify.toolsChanged());
    return ready;
  });
  started.catch(() => {});

  /** Set when close() starts: MCP requests are then refused 503 gateway-shutting-down. */
  let shuttingDown = false;
  /** Responses not yet closed: at shutdown, those whose headers are not out yet get `connection: close`. */
  const live = new Set<ServerResponse>();
  const handle = async (request: IncomingMessage, response: ServerResponse, address: string): Promise<void> => {
    const pathname = request.url === path ? path : new URL(request.url ?? '/', 'http://gateway.invalid').pathname;
    if (pathname === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) {
      request.resume();
      const health = healthStatus(gateway, shuttingDown);
      response.writeHead(health.code, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : JSON.stringify(health.body));
      return;
    }
    if (pathname !== path) return reply(response, 404, `not found: the MCP endpoint is ${path}`, INVALID_INPUT);
    const rejection = checkRequestHeaders(request.headers, policy!);
    if (rejection !== undefined) {
      logger.warn(`refused ${request.method ?? '?'} ${path} from ${address}: ${rejection.status} ${rejection.message}`);
      request.resume();
      return reply(response, rejection.status, rejection.message, { code: rejection.code }, { ...rejection.headers });
    }
    if (shuttingDown) {
      request.resume();
      return replyShuttingDown(response);
    }
    if (gateway === undefined) {
      request.resume();
      return reply(response, 503, 'the gateway is starting: its upstream servers are connecting', STARTING, { 'retry-after': String(STARTING.retryAfterSeconds) });
    }
    const sessionId = header(request, 'mcp-session-id');
    // A session answers only the credentials that opened it; to anyone else it does not exist.
    const principal = requestPrincipal(request.headers, policy!, address);
    if (request.method === 'POST') {
      const body = await readLimitedBody(request, maxBodyBytes);
      if (body.tooLarge) return reply(response, 413, `request body larger than ${maxBodyBytes} bytes`, { code: 'mcp-arguments-too-large', limit: maxBodyBytes }, { connection: 'close' });
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.text);
      } catch {
        return reply(response, 400, 'Parse error: the request body is not valid JSON', INVALID_INPUT, {}, PARSE_ERROR_CODE);
      }
      // The body arrived after shutdown started: refused like any request during shutdown.
      if (shuttingDown) return replyShuttingDown(response, idOf(parsed));
      const problem = checkJsonRpcEnvelope(parsed);
      // Checked first, without recursion: a bare array nested 5,000 deep is no JSON-RPC message at any depth.
      if (problem !== undefined) return reply(response, 400, problem.message, INVALID_INPUT, {}, INVALID_REQUEST_CODE, problem.id);
      // Before anything recursive (the SDK serialises and validates bodies) touches it: past a few thousand levels those overflow the stack.
      if (jsonDepth(parsed, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
        const message = `the request nests deeper than ${MAX_BODY_DEPTH} levels; it was not run`;
        logger.warn(`refused POST ${path} from ${address}: ${message} [mcp-arguments-too-deep]`);
        // In band, as the gateway refuses too-deep tool arguments: the caller's error, answered to its id.
        return reply(response, 200, message, { code: 'mcp-arguments-too-deep', limit: MAX_BODY_DEPTH }, {}, INVALID_PARAMS_CODE, idOf(parsed));
      }
      if (sessionId === undefined && !(await isLegacyRequest(await toWebRequest(request, parsed), parsed, { maxRequestBodySize: maxBodyBytes }))) {
        (request as IncomingMessage & { auth?: AuthInfo }).auth = { token: '', clientId: principal, scopes: [] };
        return serveModern(request, response, parsed);
      }
      if (sessionId === undefined) {
        if (!isInitializeRequest(parsed)) return reply(response, 400, 'no mcp-session-id: start a session with an initialize request', INVALID_INPUT, {}, -32000, idOf(parsed));
        const ticket = sessions.admit(address, principal);
        if (ticket.refused) {
          // Tagged with its code: a flood of refusals is one line per refusal, which the CLI caps by that code.
          logger.info(`refused a new session from ${address}: ${ticket.message} [mcp-session-refused]`);
          const refused = { code: 'mcp-session-refused', retryAfterSeconds: ticket.retryAfterSeconds } as const;
          return reply(response, 503, ticket.message, refused, { 'retry-after': String(ticket.retryAfterSeconds) }, -32000, idOf(parsed));
        }
        const server = gateway.createServer({ client: principal });
        let committed = false;
        const transport = createSessionTransport({
          maxResponseBytes,
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            committed = true;
            ticket.commit(id, { transport, server });
          },
          onsessionclosed: (id) => sessions.remove(id),
        });
        try {
          await server.connect(transport);
          const previousOnClose = server.onclose;
          server.onclose = () => {
            if (transport.sessionId !== undefined) sessions.remove(transport.sessionId);
            previousOnClose?.();
          };
          await transport.handle(request, response, parsed);
        } finally {
          ticket.release();
          if (!committed) void server.close().catch(() => {});
        }
        return;
      }
      const session = sessions.get(sessionId, principal);
      if (session === undefined) return reply(response, 404, UNKNOWN_SESSION, SESSION_NOT_FOUND, {}, SESSION_NOT_FOUND_CODE, idOf(parsed));
      response.once('close', sessions.begin(sessionId, 'request'));
      return session.transport.handle(request, response, parsed);
    }
    if (request.method === 'GET' || request.method === 'DELETE') {
      const session = sessionId === undefined ? undefined : sessions.get(sessionId, principal);
      if (session === undefined) {
        if (sessionId === undefined) return reply(response, 400, 'a valid mcp-session-id header is required', INVALID_INPUT);
        return reply(response, 404, UNKNOWN_SESSION, SESSION_NOT_FOUND, {}, SESSION_NOT_FOUND_CODE);
      }
      response.once('close', sessions.begin(sessionId!, request.method === 'GET' ? 'stream' : 'request'));
      return session.transport.handle(request, response);
    }
    return reply(response, 405, `method ${request.method ?? '?'} not allowed`, INVALID_INPUT, { allow: 'GET, POST, DELETE' });
  };

  // Slow clients are bounded: headers and the whole request each have a deadline (checked every second), then 408.
  const httpServer = createServer({ headersTimeout: headersTimeoutMs, requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 1000 }, (request, response) => {
    // A connection refused at a cap was already answered 503; a request it still sends is not served.
    if (wasRefused(request.socket)) return void request.socket.destroy();
    const address = socketAddress(request.socket);
    // During shutdown every answer closes its connection after it, so the client does not send another on it.
    if (shuttingDown) response.setHeader('connection', 'close');
    live.add(response);
    response.once('close', () => live.delete(response));
    // Its headers are read: the connection now counts against its client (its token, else its address), not its address.
    const overCap = connections.assign(request.socket, connectionPrincipal(request.headers, policy!, address));
    if (overCap !== undefined) {
      request.resume();
      return reply(response, 503, overCap, TOO_MANY_CONNECTIONS, { 'retry-after': String(TOO_MANY_CONNECTIONS.retryAfterSeconds), connection: 'close' });
    }
    handle(request, response, address).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      // Not request.destroyed: that is true as soon as the body was read, so it says nothing about the client.
      if (isClientAbort(error) || response.destroyed || request.socket.destroyed) {
        logger.debug(`${request.method ?? '?'} from ${address} aborted by the client: ${message}`);
        return;
      }
      logger.error(`${request.method ?? '?'} ${path} from ${address} failed: ${message}`);
      // Answered whatever happened, never left hanging: 500 if nothing went out yet, else the connection is cut.
      if (response.headersSent) response.destroy();
      else reply(response, 500, 'internal error: the request failed inside the gateway (logged); it may be retried', { code: 'internal' }, { connection: 'close' });
    });
  });
  const connections = limitConnections(httpServer, { max: maxConnections, perAddress: maxConnectionsPerAddress, logger });
  // What Node's parser refuses (408 at a deadline, 400, 431) is answered like every other refusal: JSON-RPC, data.code.
  answerClientErrors(httpServer, { headersMs: headersTimeoutMs, requestMs: requestTimeoutMs });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(port, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const boundPort = (httpServer.address() as AddressInfo).port;
  const ownHosts = [urlHost(host), 'localhost', '127.0.0.1', '[::1]'].map((name) => `${name.toLowerCase()}:${boundPort}`);
  const extraHosts = (options.allowedHosts ?? []).map((name) => name.toLowerCase());
  const checkHosts = loopback || extraHosts.length > 0;
  policy = {
    allowedHosts: checkHosts ? new Set([...ownHosts, ...extraHosts]) : undefined,
    allowedOrigins: new Set([...ownHosts.map((name) => `http://${name}`), ...origins]),
    anyOrigin,
    token: tokens,
  };

  if (!loopback) logger.warn(`listening on ${host}, reachable from other machines (host-unsafe)`);
  if (!checkHosts) logger.warn('Host header check is off on a non-loopback address: list the names clients use (loadout serve --allowed-host NAME, or the allowedHosts option)');
  if (anyOrigin) logger.warn('Origin check is off (allowed origin "*"): any web page the user opens can call these tools');
  if (tokens === undefined) {
    if (loopback) logger.info('no bearer token required: any local process can connect (require one: loadout serve --token-env VAR, or the token option)');
    else logger.warn('no bearer token required: anyone who can reach this address can call these tools (require one: loadout serve --token-env VAR, or the token option)');
  }
  if (maxBodyBytes > DEFAULT_MAX_BODY_BYTES) logger.warn(`request size cap raised to ${maxBodyBytes} bytes (default ${DEFAULT_MAX_BODY_BYTES})`);
  const url = `http://${urlHost(host)}:${boundPort}${path}`;
  logger.info(`serving MCP over streamable HTTP at ${url}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    host,
    port: boundPort,
    sessionCount: () => sessions.size,
    connectionCount: connections.open,
    close() {
      closing ??= (async () => {
        // Synchronously, before anything closes: new requests are refused, and every request in flight of either
        // era gets its gateway-shutting-down reply (not a stream cut off without one).
        shuttingDown = true;
        for (const response of live) if (!response.headersSent) response.setHeader('connection', 'close');
        unsubscribe();
        modernAnswering.shutDown();
        const error = shuttingDownError(true);
        for (const session of sessions.values()) session.transport.answerPending(error);
        // No new connections. Not http.Server#close: it would close idle connections at once, cutting off a request
        // a client is sending on one right now (ECONNRESET; HAProxy's 502 SH--) instead of refusing it 503.
        const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(httpServer, () => resolve()));
        let drainEnded: () => void = () => {};
        const drainEnd = new Promise<void>((resolve) => (drainEnded = resolve));
        (options.schedule ?? scheduleUnref)(() => drainEnded(), DRAIN_MS);
        await modern.close();
        await sessions.closeAll();
        // Every connection closes after its answer (connection: close), or when the drain ends: the idle ones, then
        // any still busy (a client reading nothing, a body still arriving). The check interval stops with them.
        await Promise.race([drained, drainEnd]);
        httpServer.close();
        httpServer.closeAllConnections();
        await drained;
        if (options.closeGateway !== false) await started.then((ready) => ready.close(), () => {});
      })();
      return closing;
    },
  };
}
