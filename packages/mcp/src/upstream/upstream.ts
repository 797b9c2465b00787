import { createCoalescingRunner } from '@loadout/core/utils';
import { ProtocolError, ProtocolErrorCode as ErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import type { UpstreamConfig } from '../config/mcp-config.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { backoffDelay, type ReconnectOptions } from './backoff.js';
import { jsonDepth } from '@loadout/core/utils';
import { checkCallArguments } from '../limits/check-call-arguments.js';
import type { GatewayLimits } from '../limits/gateway-limits.js';
import { checkUpstreamTools } from './check-upstream-tools.js';
import { connectUpstream, type UpstreamStderr } from './connect-upstream.js';
import { GatewayCallError, gatewayCallError, UPSTREAM_TIMEOUT_CODE, UPSTREAM_UNAVAILABLE_CODE } from './gateway-call-error.js';
import { listUpstreamTools } from './list-upstream-tools.js';
import { createCircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker.js';
import { startPinging, type LivenessOptions } from './liveness.js';
import { isTransportFailure } from './transport-failure.js';

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
  /** Failed connection attempts since it was last ready. */
  readonly failedAttempts: number;
  /** Why it is not ready, when it is not. */
  readonly lastError?: string;
  /** When the next connection attempt starts (epoch ms), while reconnecting. */
  readonly nextAttemptAt?: number;
  /** Ready and its circuit breaker closed: calls are sent. */
  readonly available: boolean;
  /** Until when (epoch ms) calls are refused because they kept failing; absent while the circuit is closed. */
  readonly circuitOpenUntil?: number;
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
  /** When to stop sending calls that keep failing. */
  readonly circuitBreaker: Required<CircuitBreakerOptions>;
  readonly stderr?: UpstreamStderr;
  /** Called with the valid tools after every successful listing (connect, reconnect, `list_changed`). */
  readonly onTools: (tools: readonly Tool[]) => void;
  /** Called whenever the state changes. */
  readonly onState?: (status: UpstreamStatus) => void;
}

/** Options of one {@link Upstream.callTool}. */
export interface UpstreamCallOptions {
  /** Overrides the upstream's call timeout, in ms. */
  readonly timeoutMs?: number;
  /** Cancels the call (the upstream is sent `notifications/cancelled`). */
  readonly signal?: AbortSignal;
}

/** One managed upstream server: connected, listed, re-listed on change, reconnected on loss. */
export interface Upstream {
  readonly name: string;
  status(): UpstreamStatus;
  /** Valid tools of the last successful listing, or undefined before the first. */
  tools(): readonly Tool[] | undefined;
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
  let state: UpstreamState = 'connecting';
  let client: Client | undefined;
  let generation = 0;
  let tools: readonly Tool[] | undefined;
  let failedAttempts = 0;
  let lastError: string | undefined;
  let nextAttemptAt: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopPinging: () => void = () => {};
  // The attempt in flight, so close() stops its process at once: its handshake, then its connection while it lists.
  let handshake: AbortController | undefined;
  let listing: Client | undefined;
  const breaker = createCircuitBreaker(options.circuitBreaker);

  const isClosed = (): boolean => state === 'closed';
  const status = (): UpstreamStatus => {
    const open = breaker.isOpen() ? breaker.openUntil() : undefined;
    return {
      name,
      state,
      toolCount: tools?.length ?? 0,
      failedAttempts,
      ...(lastError === undefined || state === 'ready' ? {} : { lastError }),
      ...(nextAttemptAt === undefined || state !== 'reconnecting' ? {} : { nextAttemptAt }),
      available: state === 'ready' && open === undefined,
      ...(open === undefined ? {} : { circuitOpenUntil: open }),
    };
  };
  const setState = (next: UpstreamState): void => {
    if (state === next) return;
    state = next;
    options.onState?.(status());
  };

  const readTools = async (connected: Client): Promise<readonly Tool[]> => {
    const raw = await listUpstreamTools(connected, { timeoutMs: options.connectTimeoutMs });
    const { tools: valid, skipped } = checkUpstreamTools(raw, options.limits);
    for (const { kind, problem } of skipped) {
      logger.warn(`upstream ${JSON.stringify(name)}: skipped ${kind === 'malformed' ? 'a malformed tool: ' : ''}${problem}`);
    }
    return valid;
  };

  const publish = (listed: readonly Tool[]): void => {
    tools = listed;
    options.onTools(listed);
  };

  // One tools/list at a time; list_changed during a listing coalesces into exactly one more.
  const relisting = createCoalescingRunner(async () => {
    const mine = generation;
    const connected = client;
    if (connected === undefined || state !== 'ready') return;
    try {
      const listed = await readTools(connected);
      if (mine === generation) publish(listed);
    } catch (error) {
      logger.warn(`upstream ${JSON.stringify(name)}: re-listing tools after list_changed failed (keeping the previous list): ${messageOf(error)}`);
    }
  });
  const relist = (): Promise<void> => relisting.request();

  const scheduleRetry = (reason: string): void => {
    if (state === 'closed') return;
    failedAttempts += 1;
    lastError = reason;
    const delay = backoffDelay(failedAttempts, options.reconnect);
    nextAttemptAt = Date.now() + delay;
    state = 'reconnecting';
    options.onState?.(status());
    logger.warn(`upstream ${JSON.stringify(name)}: ${reason}; retrying in ${delay} ms (attempt ${failedAttempts + 1})`);
    timer = setTimeout(() => void attempt(), delay);
    timer.unref?.();
  };

  /** Closes of lost connections still under way (see `close`). */
  const retiring = new Set<Promise<void>>();
  const lost = (mine: number, reason: string): void => {
    if (mine !== generation || isClosed()) return;
    generation += 1;
    stopPinging();
    const previous = client;
    client = undefined;
    if (previous !== undefined) {
      // A frozen server dies only when the SDK escalates to SIGTERM (after 2 s); close() awaits it so none outlives the gateway.
      const closing = previous.close().catch(() => {});
      retiring.add(closing);
      void closing.finally(() => retiring.delete(closing));
    }
    scheduleRetry(reason);
  };

  const attempt = async (): Promise<void> => {
    timer = undefined;
    if (state === 'closed') return;
    const mine = ++generation;
    let connected: Client | undefined;
    const aborter = new AbortController();
    handshake = aborter;
    try {
      connected = await connectUpstream(options.config, {
        timeoutMs: options.connectTimeoutMs,
        signal: aborter.signal,
        ...(options.stderr === undefined ? {} : { stderr: options.stderr }),
      });
      if (mine !== generation || isClosed()) {
        await connected.close().catch(() => {});
        return;
      }
      const current = connected;
      listing = current;
      let changedWhileListing = false;
      current.onclose = () => lost(mine, 'the connection closed');
      current.setNotificationHandler('notifications/tools/list_changed', () => {
        if (mine !== generation) return;
        if (state === 'ready') setImmediate(() => void relist());
        else changedWhileListing = true;
      });
      const listed = await readTools(current);
      if (mine !== generation || isClosed()) {
        current.onclose = undefined;
        await current.close().catch(() => {});
        return;
      }
      client = current;
      failedAttempts = 0;
      lastError = undefined;
      nextAttemptAt = undefined;
      setState('ready');
      stopPinging = startPinging((timeout) => current.ping({ timeout }), options.liveness, (reason) => {
        logger.warn(`upstream ${JSON.stringify(name)}: stopped answering: ${reason}; reconnecting`);
        lost(mine, `stopped answering pings: ${reason}`);
      });
      logger.info(`upstream ${JSON.stringify(name)}: ready with ${listed.length} tools`);
      publish(listed);
      if (changedWhileListing) void relist();
    } catch (error) {
      if (mine !== generation || isClosed()) return;
      generation += 1;
      if (connected !== undefined) {
        connected.onclose = undefined;
        await connected.close().catch(() => {});
      }
      scheduleRetry(`could not connect: ${messageOf(error)}`);
    } finally {
      if (handshake === aborter) handshake = undefined;
      if (listing === connected) listing = undefined;
    }
  };

  const unavailable = (toolName: string, detail?: string): GatewayCallError => {
    const current = status();
    const parts = [`state: ${current.state}`];
    if (current.failedAttempts > 0) parts.push(`${current.failedAttempts} failed attempt${current.failedAttempts === 1 ? '' : 's'}`);
    if (current.nextAttemptAt !== undefined) parts.push(`next attempt in ${Math.max(0, current.nextAttemptAt - Date.now())} ms`);
    if (current.lastError !== undefined) parts.push(`last error: ${current.lastError}`);
    const what = detail ?? 'is unavailable';
    return gatewayCallError(UPSTREAM_UNAVAILABLE_CODE, 'mcp-upstream-unavailable', `upstream server ${JSON.stringify(name)} ${what} (${parts.join('; ')})`, {
      server: name,
      tool: toolName,
      state: current.state,
    });
  };

  return {
    name,
    status,
    tools: () => tools,
    start: attempt,
    async callTool(toolName, args, callOptions = {}) {
      checkCallArguments(args, toolName, options.limits);
      const connected = client;
      if (connected === undefined || state !== 'ready') throw unavailable(toolName);
      const open = breaker.refusal();
      if (open !== undefined) {
        throw gatewayCallError(
          UPSTREAM_UNAVAILABLE_CODE,
          'mcp-upstream-unavailable',
          `upstream server ${JSON.stringify(name)} keeps failing: ${open.failures} calls in a row failed (last: ${open.lastFailure}); ` +
            `the circuit breaker refuses calls for ${Math.max(0, open.retryAt - Date.now())} ms more, then lets one through to try`,
          { server: name, tool: toolName, state, circuit: 'open', retryAt: open.retryAt },
        );
      }
      const mine = generation;
      const timeoutMs = callOptions.timeoutMs ?? options.callTimeoutMs;
      let result: CallToolResult;
      try {
        result = (await connected.request(
          { method: 'tools/call', params: { name: toolName, arguments: args } },
          { timeout: timeoutMs, ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }) },
        )) as CallToolResult;
      } catch (error) {
        if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
          {
            breaker.failed(`timed out after ${timeoutMs} ms`);
            throw gatewayCallError(
              UPSTREAM_TIMEOUT_CODE,
              'mcp-upstream-timeout',
              `tool ${JSON.stringify(toolName)} of upstream server ${JSON.stringify(name)} did not answer within ${timeoutMs} ms; the call was cancelled`,
              { server: name, tool: toolName, timeoutMs },
            );
          }
        }
        if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
          breaker.failed('the connection closed during the call');
          lost(mine, 'the connection closed during a call');
          throw unavailable(toolName, `closed the connection during the call to ${JSON.stringify(toolName)}`);
        }
        if (error instanceof ProtocolError) {
          breaker.succeeded();
          throw new GatewayCallError(error.code, messageOf(error), error.data === undefined ? undefined : { upstream: error.data });
        }
        if (error instanceof Error && error.name === 'AbortError') {
          breaker.released();
          throw error;
        }
        if ((error instanceof Error && error.name === 'ZodError') || (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult)) {
          breaker.succeeded();
          throw gatewayCallError(
            ErrorCode.InternalError,
            'mcp-invalid-result',
            `upstream server ${JSON.stringify(name)} answered ${JSON.stringify(toolName)} with an invalid result: ${messageOf(error)}`,
            { server: name, tool: toolName },
          );
        }
        if (isTransportFailure(error)) {
          breaker.failed(messageOf(error));
          lost(mine, `a call failed: ${messageOf(error)}`);
          throw unavailable(toolName);
        }
        breaker.released();
        logger.warn(`upstream ${JSON.stringify(name)}: a call of ${JSON.stringify(toolName)} failed locally (the upstream is untouched): ${messageOf(error)}`);
        throw new GatewayCallError(ErrorCode.InternalError, `the gateway could not complete the call to ${JSON.stringify(toolName)}: ${messageOf(error)}`, {
          code: 'internal',
          server: name,
          tool: toolName,
        });
      }
      breaker.succeeded();
      if (jsonDepth(result, options.limits.maxResultDepth) > options.limits.maxResultDepth) {
        throw gatewayCallError(
          ErrorCode.InternalError,
          'mcp-invalid-result',
          `upstream server ${JSON.stringify(name)} answered ${JSON.stringify(toolName)} with a result nested deeper than ${options.limits.maxResultDepth} levels; it was not forwarded`,
          { server: name, tool: toolName, limit: options.limits.maxResultDepth },
        );
      }
      return result;
    },
    async close() {
      stopPinging();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      state = 'closed';
      generation += 1;
      handshake?.abort();
      const previous = client ?? listing;
      client = undefined;
      listing = undefined;
      if (previous !== undefined) {
        previous.onclose = undefined;
        await previous.close().catch(() => {});
      }
      await Promise.all(retiring);
    },
  };
}
