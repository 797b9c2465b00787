import { ProtocolError, ProtocolErrorCode as ErrorCode, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { GatewayCallError, gatewayCallError, UPSTREAM_TIMEOUT_CODE } from './gateway-call-error.js';
import { invalidResultReason } from './invalid-result-reason.js';
import { malformedOf, overLimitOf } from './oversized-message.js';
import { redactSecrets } from '@loadout/core/utils';
import { isTransportFailure } from './transport-failure.js';

/**
 * What a failed call means for the circuit breakers: `failed` (the upstream
 * lost the connection or its transport failed: it counts towards opening the
 * upstream's circuit), `slow` (the call timed out: it counts towards opening
 * that tool's circuit only, since a slow tool is not a server that is down;
 * a frozen server is found by the liveness pings, 3468), `answered` (the
 * upstream did answer, with an error or a result the gateway refused: it
 * closes the circuits), `neutral` (the call ended on the caller's or the
 * gateway's side: a trial call is freed without deciding).
 */
export type BreakerOutcome = 'failed' | 'slow' | 'answered' | 'neutral';

/** What the caller of a failed call gets back. */
export type CallFailureReply =
  /** This error, thrown as is (a {@link GatewayCallError}, or the caller's own abort). */
  | { readonly kind: 'error'; readonly error: unknown }
  /** -32010 `mcp-upstream-unavailable`, made by the upstream with its current state; `detail` replaces "is unavailable". */
  | { readonly kind: 'unavailable'; readonly detail?: string };

/** The verdict on one failed call; see {@link classifyCallFailure}. */
export interface CallFailure {
  readonly breaker: BreakerOutcome;
  /** The reason the circuit breaker records, when `breaker` is `failed` or `slow`. */
  readonly failure?: string;
  /** Why the connection is lost (the upstream then reconnects), or undefined when it survives. */
  readonly lost?: string;
  readonly reply: CallFailureReply;
  /** A line for the log, for failures of the gateway's own. */
  readonly warn?: string;
}

/** The call that failed. */
export interface FailedCall {
  readonly server: string;
  readonly tool: string;
  /** The call's timeout, in ms. */
  readonly timeoutMs: number;
  /**
   * How the upstream's process ended, when it ended by itself during the
   * call (`exited with code 3 during the call to "x"`): it then names the
   * closed connection's cause.
   */
  readonly exit?: string;
  /**
   * The caller's signal aborted before the call ended: its client cancelled
   * or went away (an HTTP client of 2026-07-28 that closes its request makes
   * the SDK abort the handler with a closed-connection error, and a plain
   * abort reaches here as a timeout). Whatever the call rejected with is then
   * that call's alone (3447).
   */
  readonly cancelled?: boolean;
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/^MCP error -?\d+: /, '');
}

/** The upstream answered, with something that cannot be forwarded: `mcp-invalid-result`. */
function invalidResult(message: string, data: Record<string, unknown>): CallFailure {
  return { breaker: 'answered', reply: { kind: 'error', error: gatewayCallError(ErrorCode.InternalError, 'mcp-invalid-result', message, data) } };
}

/**
 * Classifies the error a `tools/call` to an upstream rejected with: what the
 * circuit breaker records, whether the connection is lost, and what the
 * caller gets. Pure: no clock, no I/O, so every case is tested without a
 * process. Only transport failures count against the upstream, and timeouts
 * against the tool; an upstream's own error, a result too large or invalid
 * to forward, and a caller's cancellation (`call.cancelled`, whatever the
 * SDK rejected with) are that call's alone.
 */
export function classifyCallFailure(error: unknown, call: FailedCall): CallFailure {
  const { server, tool } = call;
  const names = `tool ${JSON.stringify(tool)} of upstream server ${JSON.stringify(server)}`;
  if (call.cancelled === true) {
    return {
      breaker: 'neutral',
      reply: {
        kind: 'error',
        error: gatewayCallError(ErrorCode.InternalError, 'cancelled', `the call to ${names} was cancelled by its caller; the upstream was told (notifications/cancelled)`, {
          server,
          tool,
        }),
      },
    };
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return {
      breaker: 'slow',
      failure: `timed out after ${call.timeoutMs} ms`,
      reply: {
        kind: 'error',
        error: gatewayCallError(UPSTREAM_TIMEOUT_CODE, 'mcp-upstream-timeout', `${names} did not answer within ${call.timeoutMs} ms; the call was cancelled`, {
          server,
          tool,
          timeoutMs: call.timeoutMs,
        }),
      },
    };
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) {
    return {
      breaker: 'failed',
      failure: call.exit ?? 'the connection closed during the call',
      lost: call.exit ?? 'the connection closed during a call',
      reply: { kind: 'unavailable', detail: call.exit ?? `closed the connection during the call to ${JSON.stringify(tool)}` },
    };
  }
  if (error instanceof ProtocolError) {
    const over = overLimitOf(error.data);
    if (over !== undefined) {
      return {
        breaker: 'answered',
        reply: {
          kind: 'error',
          error: gatewayCallError(
            ErrorCode.InternalError,
            'mcp-result-too-large',
            `${names} answered with a message of ${over.bytes} bytes, more than the limit of ${over.limit}; the result was dropped and the connection kept`,
            { server, tool, bytes: over.bytes, limit: over.limit },
          ),
        },
      };
    }
    const malformed = malformedOf(error.data);
    if (malformed !== undefined) {
      const what = malformed.problem === 'not-json' ? 'not valid JSON' : 'not a JSON-RPC message';
      return invalidResult(`${names} answered with a message of ${malformed.bytes} bytes that is ${what}; it was dropped and the connection kept`, {
        server,
        tool,
        bytes: malformed.bytes,
      });
    }
    // The upstream's own error: its code and message go on (credentials masked, as in every line the gateway logs), with the
    // gateway's data; its `data` does not: what a server puts there (a stack, a password) is not the gateway's to pass on (3468).
    return {
      breaker: 'answered',
      reply: { kind: 'error', error: new GatewayCallError(error.code, redactSecrets(messageOf(error)), { code: 'mcp-upstream-error', server, tool }) },
    };
  }
  if (error instanceof Error && error.name === 'AbortError') return { breaker: 'neutral', reply: { kind: 'error', error } };
  if ((error instanceof Error && error.name === 'ZodError') || (error instanceof SdkError && error.code === SdkErrorCode.InvalidResult)) {
    return invalidResult(`upstream server ${JSON.stringify(server)} answered ${JSON.stringify(tool)} with an invalid result: ${redactSecrets(invalidResultReason(error, messageOf(error)))}`, {
      server,
      tool,
    });
  }
  if (isTransportFailure(error)) {
    return { breaker: 'failed', failure: messageOf(error), lost: `a call failed: ${messageOf(error)}`, reply: { kind: 'unavailable' } };
  }
  return {
    breaker: 'neutral',
    warn: `upstream ${JSON.stringify(server)}: a call of ${JSON.stringify(tool)} failed locally (the upstream is untouched): ${messageOf(error)}`,
    reply: {
      kind: 'error',
      error: new GatewayCallError(ErrorCode.InternalError, `the gateway could not complete the call to ${JSON.stringify(tool)}: ${messageOf(error)}`, {
        code: 'internal',
        server,
        tool,
      }),
    },
  };
}
