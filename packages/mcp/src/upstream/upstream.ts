import { createCoalescingRunner, jsonDepth } from '@loadout/core/utils';
import { ProtocolErrorCode as ErrorCode } from '@modelcontextprotocol/client';
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import type { UpstreamConfig } from '../config/mcp-config.js';
import { checkCallArguments } from '../limits/check-call-arguments.js';
import type { GatewayLimits } from '../limits/gateway-limits.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { createWarningRounds } from '../logger/warning-rounds.js';
import { createRateLimitedWarning } from '../logger/rate-limited-warning.js';
import type { ReconnectOptions } from './backoff.js';
import { checkUpstreamTools } from './check-upstream-tools.js';
import { createCircuitBreaker, type CircuitBreakerOptions, type OpenCircuit } from './circuit-breaker.js';
import { classifyCallFailure } from './classify-call-failure.js';
import { connectUpstream, upstreamExit, type UpstreamStderr } from './connect-upstream.js';
import { describeProcessExit } from './process-exit.js';
import { gatewayCallError, UPSTREAM_UNAVAILABLE_CODE, type GatewayCallError } from './gateway-call-error.js';
import { listUpstreamTools } from './list-upstream-tools.js';
import { startPinging, type LivenessOptions } from './liveness.js';
import { watchStreamDrops } from './stream-drop.js';
import { createToolBreakers } from './tool-breakers.js';
import {
  attemptStarted,
  becameReady,
  closedLifecycle,
  connectionLost,
  handshakeDone,
  initialLifecycle,
  isCurrent,
  settledFailures,
  type UpstreamLifecycle,
} from './upstream-lifecycle.js';

/**
 * Where an upstream stands: `connecting` (first attempt), `ready`,
 * `reconnecting` (lost or never reached; retrying with backoff), `closed`.
 */
export type UpstreamState = 'connecting' | 'ready' | 'reconnecting' | 'closed';

/** A snapshot of one upstream, for status displays and error messages. */
export interface UpstreamStatus {
  readonly name: string;
  readonly state: UpstreamState;
  /** Valid tools of the last successful listing; kept while reconnecting. 0 before the first. */
  readonly toolCount: number;
  /** Failed connection attempts (and connections lost soon after they were made) since it last stayed ready for `reconnect.stableMs`. */
  readonly failedAttempts: number;
  /** Why it is not ready, when it is not. */
  readonly lastError?: string;
  /** When the next connection attempt starts (epoch ms), while reconnecting. */
  readonly nextAttemptAt?: number;
  /** Ready and its circuit breaker closed: calls are sent (a tool whose calls keep timing out may have its own circuit open). */
  readonly available: boolean;
  /** Until when (epoch ms) calls are refused because they kept failing; absent while the circuit is closed. */
  readonly circuitOpenUntil?: number;
  /** Process id of a local (stdio) upstream while it is ready. */
  readonly pid?: number;
}

/** Options of {@link createUpstream}. */
export interface UpstreamOptions {
  readonly name: string;
  readonly config: UpstreamConfig;
  /** Longest wait for a tool call, in ms. */
  readonly callTimeoutMs: number;
  /** Longest wait for the handshake and for each `tools/list` page, in ms. */
  readonly connectTimeoutMs: number;
  readonly reconnect?: ReconnectOptions;
  readonly logger: GatewayLogger;
  /** What calls may send and listings may hold (see {@link GatewayLimits}). */
  readonly limits: GatewayLimits;
  /** Periodic `ping` of the ready connection. */
  readonly liveness: Required<LivenessOptions>;
  /** When to stop sending calls that keep failing: to the upstream (lost connections), or to one tool (timeouts). */
  readonly circuitBreaker: Required<CircuitBreakerOptions>;
  readonly stderr?: UpstreamStderr;
  /** Called with the valid tools after every successful listing (connect, reconnect, `list_changed`). */
  readonly onTools: (tools: readonly Tool[]) => void;
  /** Called whenever the state changes. */
  readonly onState?: (status: UpstreamStatus) => void;
  /** The clock (epoch ms) of status times, backoff and the breaker's cooldown. Default `Date.now`. */
  readonly now?: () => number;
}

/** Options of one {@link Upstream.callTool}. */
export interface UpstreamCallOptions {
  /** Overrides the upstream's call timeout, in ms. */
  readonly timeoutMs?: number;
  /**
   * Cancels the call (the upstream is sent `notifications/cancelled`); it then
   * rejects with `cancelled`. Whatever the abort's reason (a closed HTTP
   * request's is a closed-connection error), it is that call's alone: the
   * connection is kept and the circuit breaker counts nothing (3447).
   */
  readonly signal?: AbortSignal;
}

/** One managed upstream server: connected, listed, re-listed on change, reconnected on loss. */
export interface Upstream {
  readonly name: string;
  status(): UpstreamStatus;
  /** Valid tools of the last successful listing, or undefined before the first. */
  tools(): readonly Tool[] | undefined;
  /** Whether a call of `toolName` is sent now: `status().available`, and the tool's own circuit closed (3468). */
  callable(toolName: string): boolean;
  /** Makes the first connection attempt; resolves when it succeeded or failed (then retries run in the background). */
  start(): Promise<void>;
  /** Calls one of its tools by the upstream's own name; rejects with a {@link GatewayCallError} or the upstream's error. */
  callTool(toolName: string, args: Record<string, unknown>, options?: UpstreamCallOptions): Promise<CallToolResult>;
  /** Stops retrying and closes the connection, also one still in its handshake or first listing (a local server is asked to exit). */
  close(): Promise<void>;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^MCP error -?\d+: /, '');
}

/** Creates an {@link Upstream}; nothing happens until `start()`. */
export function createUpstream(options: UpstreamOptions): Upstream {
  const { name, logger } = options;
  const label = JSON.stringify(name);
  const now = options.now ?? Date.now;
  const reconnect = options.reconnect ?? {};
  const breaker = createCircuitBreaker(options.circuitBreaker, now);
  const toolBreakers = createToolBreakers(options.circuitBreaker, now);
  const listingWarnings = createWarningRounds(logger, ['listing', 'listings']);
  // Only the size: a stray line may hold anything the server had in hand. Broken replies and stray lines apart.
  const malformedWarnings = { reply: createRateLimitedWarning({ logger, now }), stray: createRateLimitedWarning({ logger, now }) };
  let life: UpstreamLifecycle<Client> = initialLifecycle(new AbortController());
  let tools: readonly Tool[] | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopPinging: () => void = () => {};
  /** Closes of lost connections still under way (see `close`). */
  const retiring = new Set<Promise<void>>();
  /** The connection attempt under way, if any: `close` waits for it to stop its process. */
  let attempting: Promise<void> | undefined;

  const status = (): UpstreamStatus => {
    const { phase } = life;
    const failures = settledFailures(life, now(), reconnect);
    const open = breaker.isOpen() ? breaker.openUntil() : undefined;
    const pid = phase.kind === 'ready' ? (phase.connection.transport as { pid?: unknown } | undefined)?.pid : undefined;
    return {
      name,
      state: phase.kind,
      toolCount: tools?.length ?? 0,
      failedAttempts: failures.failedAttempts,
      ...(failures.lastError === undefined || phase.kind === 'ready' ? {} : { lastError: failures.lastError }),
      ...(phase.kind === 'reconnecting' ? { nextAttemptAt: phase.retryAt } : {}),
      available: phase.kind === 'ready' && open === undefined,
      ...(open === undefined ? {} : { circuitOpenUntil: open }),
      ...(typeof pid === 'number' ? { pid } : {}),
    };
  };
  const moveTo = (next: UpstreamLifecycle<Client>): void => {
    const changed = next.phase.kind !== life.phase.kind;
    life = next;
    if (changed || next.phase.kind === 'reconnecting') options.onState?.(status());
  };

  const readTools = async (connected: Client): Promise<readonly Tool[]> => {
    const listing = await listUpstreamTools(connected, { timeoutMs: options.connectTimeoutMs });
    const { tools: valid, skipped } = checkUpstreamTools(listing.tools, options.limits);
    const problems = skipped.map(({ kind, problem }) => `upstream ${label}: skipped ${kind === 'malformed' ? 'a malformed tool: ' : ''}${problem}`);
    if (listing.truncated !== undefined) problems.unshift(`upstream ${label}: ${listing.truncated}`);
    listingWarnings.report(problems);
    return valid;
  };

  const publish = (listed: readonly Tool[]): void => {
    tools = listed;
    options.onTools(listed);
  };

  // One tools/list at a time; list_changed during a listing coalesces into exactly one more.
  const relisting = createCoalescingRunner(async () => {
    const { phase } = life;
    if (phase.kind !== 'ready') return;
    try {
      const listed = await readTools(phase.connection);
      if (isCurrent(life, phase.connection)) publish(listed);
    } catch (error) {
      // Closed meanwhile (shutdown) or lost (reported by fail() as it reconnects): nothing to warn about.
      if (!isCurrent(life, phase.connection)) return logger.debug(`upstream ${label}: a re-listing ended with its connection: ${messageOf(error)}`);
      logger.warn(`upstream ${label}: re-listing tools after list_changed failed (keeping the previous list): ${messageOf(error)}`);
    }
  });

  /** Retires a connection that is no longer current: a frozen server dies only when the SDK escalates to SIGTERM (after 2 s); close() awaits it. */
  const retire = (connection: Client): void => {
    connection.onclose = undefined;
    const closing = connection.close().catch(() => {});
    retiring.add(closing);
    void closing.finally(() => retiring.delete(closing));
  };

  /** The attempt or connection `token` failed: reconnect after the backoff; a stale token changes nothing. */
  const fail = (token: AbortController | Client, reason: string): void => {
    const previous = life;
    const next = connectionLost(previous, token, reason, now(), reconnect);
    if (next === undefined || next.phase.kind !== 'reconnecting') return;
    stopPinging();
    const { phase } = previous;
    if (phase.kind === 'ready' || phase.kind === 'connecting') {
      if (phase.connection !== undefined) retire(phase.connection);
    }
    moveTo(next);
    const { delayMs } = next.phase;
    // Logged once per reason: a crash loop repeating itself is counted in the attempt number and the ready line.
    const repeated = previous.lastError === reason && next.failedAttempts > 1;
    const line = `upstream ${label}: ${reason}; retrying in ${delayMs} ms (attempt ${next.failedAttempts + 1})`;
    if (repeated) logger.debug(line);
    else logger.warn(line);
    retryTimer = setTimeout(() => void run(), delayMs);
    retryTimer.unref?.();
  };

  const attempt = async (): Promise<void> => {
    retryTimer = undefined;
    const abort = new AbortController();
    const started = attemptStarted(life, abort);
    if (started.phase.kind !== 'connecting') return;
    moveTo(started);
    let connected: Client;
    try {
      connected = await connectUpstream(options.config, {
        timeoutMs: options.connectTimeoutMs,
        signal: abort.signal,
        ...(options.stderr === undefined ? {} : { stderr: options.stderr }),
        messageLimits: {
          messageBytes: options.limits.maxMessageBytes,
          listingBytes: options.limits.maxListingBytes,
          onDropped: ({ bytes, limit }) =>
            logger.warn(`upstream ${label}: dropped a message of ${bytes} bytes, more than the limit of ${limit}, that answered no request [mcp-result-too-large]`),
          onMalformed: ({ bytes, problem, id }) =>
            malformedWarnings[id === undefined ? 'stray' : 'reply'](
              `upstream ${label}: dropped a line of ${bytes} bytes from its stdout that is ${problem === 'not-json' ? 'not JSON' : 'not a JSON-RPC message'}` +
                (id === undefined
                  ? ' (stdout is for MCP messages only; a server logs to stderr)'
                  : `; request ${JSON.stringify(id)} it seems to answer fails with mcp-invalid-result`),
            ),
        },
      });
    } catch (error) {
      fail(abort, `could not connect: ${messageOf(error)}`);
      return;
    }
    const listing = handshakeDone(life, abort, connected);
    if (listing === undefined) {
      await connected.close().catch(() => {});
      return;
    }
    life = listing;
    let changedWhileListing = false;
    // A local server that exited by itself says how (`exited with code 3`), not just that its connection closed.
    connected.onclose = () => {
      const ended = upstreamExit(connected);
      fail(connected, ended === undefined ? 'the connection closed' : describeProcessExit(ended.exit, ended.lastStderrLine));
    };
    // An HTTP upstream killed mid-call only breaks the call's response stream: one ping tells at once whether it is gone (3447).
    connected.onerror = watchStreamDrops(
      () => connected.ping({ timeout: options.liveness.timeoutMs }),
      (reason) => fail(connected, reason),
    );
    connected.setNotificationHandler('notifications/tools/list_changed', () => {
      if (!isCurrent(life, connected)) return;
      if (life.phase.kind === 'ready') setImmediate(() => void relisting.request());
      else changedWhileListing = true;
    });
    let listed: readonly Tool[];
    try {
      listed = await readTools(connected);
    } catch (error) {
      fail(abort, `could not connect: ${messageOf(error)}`);
      return;
    }
    const ready = becameReady(life, abort, now());
    if (ready === undefined) {
      // Closed (or failed) while listing: close() or fail() already retires the connection.
      return;
    }
    const failuresBefore = life.failedAttempts;
    moveTo(ready);
    // A fresh process (or connection) answered its handshake and listing: the old one's failures do not keep it refused (3468).
    breaker.reconnected();
    toolBreakers.reconnected();
    stopPinging = startPinging((timeout) => connected.ping({ timeout }), options.liveness, (reason) => {
      logger.warn(`upstream ${label}: stopped answering: ${reason}; reconnecting`);
      fail(connected, `stopped answering pings: ${reason}`);
    });
    const after = failuresBefore === 0 ? '' : ` (after ${failuresBefore} failed attempt${failuresBefore === 1 ? '' : 's'})`;
    logger.info(`upstream ${label}: ready with ${listed.length} tools${after}`);
    publish(listed);
    if (changedWhileListing) void relisting.request();
  };

  /** Starts an attempt, remembered while under way. */
  const run = (): Promise<void> => {
    const running = attempt();
    attempting = running;
    void running.finally(() => {
      if (attempting === running) attempting = undefined;
    });
    return running;
  };

  const unavailable = (toolName: string, detail?: string): GatewayCallError => {
    const current = status();
    const parts = [`state: ${current.state}`];
    if (current.failedAttempts > 0) parts.push(`${current.failedAttempts} failed attempt${current.failedAttempts === 1 ? '' : 's'}`);
    if (current.nextAttemptAt !== undefined) parts.push(`next attempt in ${Math.max(0, current.nextAttemptAt - now())} ms`);
    if (current.lastError !== undefined) parts.push(`last error: ${current.lastError}`);
    return gatewayCallError(UPSTREAM_UNAVAILABLE_CODE, 'mcp-upstream-unavailable', `upstream server ${label} ${detail ?? 'is unavailable'} (${parts.join('; ')})`, {
      server: name,
      tool: toolName,
      state: current.state,
    });
  };

  const toolCircuitOpen = (toolName: string, open: OpenCircuit): GatewayCallError =>
    gatewayCallError(
      UPSTREAM_UNAVAILABLE_CODE,
      'mcp-upstream-unavailable',
      `tool ${JSON.stringify(toolName)} of upstream server ${label} keeps timing out: ${open.failures} calls in a row failed (last: ${open.lastFailure}); ` +
        `the circuit breaker refuses calls to this tool for ${Math.max(0, open.retryAt - now())} ms more, then lets one through to try; the server's other tools are callable`,
      { server: name, tool: toolName, state: 'ready', circuit: 'open', circuitScope: 'tool', retryAt: open.retryAt },
    );

  return {
    name,
    status,
    tools: () => tools,
    callable: (toolName) => status().available && !toolBreakers.isOpen(toolName),
    start: run,
    async callTool(toolName, args, callOptions = {}) {
      checkCallArguments(args, toolName, options.limits);
      const { phase } = life;
      if (phase.kind !== 'ready') throw unavailable(toolName);
      const connected = phase.connection;
      const open = breaker.refusal();
      if (open !== undefined) {
        throw gatewayCallError(
          UPSTREAM_UNAVAILABLE_CODE,
          'mcp-upstream-unavailable',
          `upstream server ${label} keeps failing: ${open.failures} calls in a row failed (last: ${open.lastFailure}); ` +
            `the circuit breaker refuses calls for ${Math.max(0, open.retryAt - now())} ms more, then lets one through to try`,
          { server: name, tool: toolName, state: phase.kind, circuit: 'open', circuitScope: 'server', retryAt: open.retryAt },
        );
      }
      const toolBreaker = toolBreakers.of(toolName);
      const toolOpen = toolBreaker.refusal();
      if (toolOpen !== undefined) {
        breaker.released();
        throw toolCircuitOpen(toolName, toolOpen);
      }
      const timeoutMs = callOptions.timeoutMs ?? options.callTimeoutMs;
      let result: CallToolResult;
      try {
        result = (await connected.request(
          { method: 'tools/call', params: { name: toolName, arguments: args } },
          { timeout: timeoutMs, ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }) },
        )) as CallToolResult;
      } catch (error) {
        // A process that exited during the call says so; its stderr line, if read, is in the last error (set as it closed).
        const ended = upstreamExit(connected);
        const exit = ended === undefined ? undefined : describeProcessExit(ended.exit, undefined, ` during the call to ${JSON.stringify(toolName)}`);
        // The caller's own abort (its client cancelled or closed its request) is that call's alone, whatever the SDK rejected with (3447).
        const cancelled = callOptions.signal?.aborted === true;
        const failure = classifyCallFailure(error, { server: name, tool: toolName, timeoutMs, cancelled, ...(exit === undefined ? {} : { exit }) });
        const reason = failure.failure ?? messageOf(error);
        const outcome = failure.breaker;
        if (outcome === 'answered') {
          breaker.succeeded();
          toolBreakers.answered(toolName);
        } else {
          if (outcome === 'failed') breaker.failed(reason);
          else breaker.released();
          if (outcome === 'slow') toolBreaker.failed(reason);
          else toolBreaker.released();
        }
        if (failure.warn !== undefined) logger.warn(failure.warn);
        if (failure.lost !== undefined) fail(connected, failure.lost);
        throw failure.reply.kind === 'unavailable' ? unavailable(toolName, failure.reply.detail) : failure.reply.error;
      }
      breaker.succeeded();
      toolBreakers.answered(toolName);
      if (jsonDepth(result, options.limits.maxResultDepth) > options.limits.maxResultDepth) {
        throw gatewayCallError(
          ErrorCode.InternalError,
          'mcp-invalid-result',
          `upstream server ${label} answered ${JSON.stringify(toolName)} with a result nested deeper than ${options.limits.maxResultDepth} levels; it was not forwarded`,
          { server: name, tool: toolName, limit: options.limits.maxResultDepth },
        );
      }
      return result;
    },
    async close() {
      stopPinging();
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      retryTimer = undefined;
      const { phase } = life;
      life = closedLifecycle(life);
      if (phase.kind === 'connecting') phase.abort.abort();
      if ((phase.kind === 'connecting' || phase.kind === 'ready') && phase.connection !== undefined) {
        phase.connection.onclose = undefined;
        await phase.connection.close().catch(() => {});
      }
      // An attempt in its handshake stops its process (and what that started) before close resolves.
      await attempting;
      await Promise.all(retiring);
    },
  };
}
