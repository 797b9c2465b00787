import type { ToolSearchWarning } from './tool-search-warning.js';

/**
 * What a tool loop's `run` reports besides the API's own answer, the same
 * for the Responses client (`ResponsesRunResult`) and the Chat client
 * (`ChatRunResult`); `Mode` is how the client's requests offer tools.
 */
export interface ToolLoopResult<Mode extends string> {
  /** How the last request offered tools. */
  readonly mode: Mode;
  /** Requests sent (a request retried after a tool-search rejection counts once). */
  readonly steps: number;
  /** True when `maxSteps` ended the run with calls still unanswered in the last answer. */
  readonly truncated: boolean;
  /** Tools loaded during this run (API names). */
  readonly loaded: string[];
  /** Tools unloaded because the conversation no longer holds what loaded them. */
  readonly unloaded: string[];
  /** Whether the deployment rejected tool search during this run (the request was retried without it, once). */
  readonly fallback: boolean;
  /** Warnings raised during this run, each also passed to `onWarning`: `tool-search-rejected`, `tools-unloaded`, and `tool-failed` for each handler that threw (with the full error). */
  readonly warnings: ToolSearchWarning[];
}
