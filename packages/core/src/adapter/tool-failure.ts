import { describeValue } from '../errors/loadout-error.js';
import { redactSecrets } from '../utils/redact-secrets.js';
import type { FunctionCall } from './answer-function-call.js';
import { invalidOption } from './read-loop-options.js';
import type { ToolFailedWarning, ToolSearchWarning } from './tool-search-warning.js';

/** Longest handler error message a `tool-failed` output repeats, in UTF-16 units. */
const MAX_FAILURE_MESSAGE = 1_000;
/** Longest part of a message read for redaction (a secret cut at 1,000 characters would be masked no more). */
const MAX_REDACTED_INPUT = 10_000;

/** What a call whose handler threw (or rejected) answers: `tool-failed`, with the error's message, credentials masked (cut at 1,000 characters). */
export interface ToolFailure {
  readonly error: string;
  readonly code: 'tool-failed';
}

/** How an adapter tells the model, and you, that a tool handler threw. */
export interface ToolErrorOptions {
  /**
   * What the model reads when a tool handler throws (or rejects): the
   * output stays `{ error: "<name> failed: <this text>", code:
   * "tool-failed" }`, the text cut at 1,000 characters. A function of the
   * thrown value and the call; return a fixed text (`'internal error'`)
   * to tell the model nothing of the error. Default: the error's message
   * with what looks like a credential masked (core's `redactSecrets`:
   * bearer tokens, `Authorization` values, `api_key=` / `password:`-style
   * values, known key formats, URL userinfo and query values). When it
   * throws, the default text is sent. Either way the full error goes to
   * `onWarning` (and the run's `warnings`) as a `tool-failed` warning.
   */
  readonly toolErrorMessage?: (error: unknown, call: FunctionCall) => string;
}

/** A thrown value's message: an `Error`'s `message`, anything else described. */
function thrownMessage(error: unknown): string {
  return error instanceof Error ? error.message : describeValue(error);
}

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/**
 * The {@link ToolFailure} of tool `name` whose handler threw `error`, so
 * the model sees the failure and the run goes on: `message` when given
 * (a `toolErrorMessage`'s), else the error's message with credentials
 * masked ({@link redactSecrets}); cut at 1,000 characters.
 */
export function toolFailure(name: string, error: unknown, message?: string): ToolFailure {
  const shown = message ?? redactSecrets(cut(thrownMessage(error), MAX_REDACTED_INPUT));
  return { error: `${name} failed: ${cut(shown, MAX_FAILURE_MESSAGE)}`, code: 'tool-failed' };
}

/** {@link toolFailure} as a function output (JSON text). */
export function toolFailedText(name: string, error: unknown): string {
  return JSON.stringify(toolFailure(name, error));
}

/** Answers a call whose handler threw: the {@link ToolFailure} the model reads, after reporting the full error. */
export type ToolFailureReporter = (call: FunctionCall, error: unknown, warnings?: ToolSearchWarning[]) => ToolFailure;

/**
 * The one way every adapter answers a throwing tool handler: the model
 * reads `toolErrorMessage(error, call)` (default: the message with
 * credentials masked), and a `tool-failed` warning with the full error is
 * appended to `warnings` (a run's) and passed to `onWarning`. Throws
 * `invalid-option` (for `owner`) when `toolErrorMessage` is not a function.
 */
export function createToolFailureReporter(
  owner: string,
  options: ToolErrorOptions & { readonly onWarning?: ((warning: ToolSearchWarning) => void) | undefined },
): ToolFailureReporter {
  const { toolErrorMessage, onWarning } = options;
  if (toolErrorMessage !== undefined && typeof toolErrorMessage !== 'function') {
    invalidOption(owner, 'toolErrorMessage', 'must be a function (error, call) => string', toolErrorMessage);
  }
  return (call, error, warnings) => {
    let chosen: string | undefined;
    try {
      const text = toolErrorMessage?.(error, call);
      chosen = typeof text === 'string' ? text : undefined;
    } catch {
      chosen = undefined;
    }
    const failure = toolFailure(call.name, error, chosen);
    const full = thrownMessage(error);
    const warning: ToolFailedWarning = {
      code: 'tool-failed',
      message: `${owner}: the handler of ${call.name} threw: ${full}; the model was told ${JSON.stringify(failure.error)}`,
      tool: call.name,
      callId: call.callId,
      error,
      sent: failure.error,
    };
    warnings?.push(warning);
    try {
      onWarning?.(warning);
    } catch {
      // A warning listener's failure must not turn a tool's failure into a failed run.
    }
    return failure;
  };
}
