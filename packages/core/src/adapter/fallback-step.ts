import type { DeploymentMemory } from './deployment-memory.js';
import { reportRejection } from './tool-search-warning.js';
import type { ToolSearchWarning } from './tool-search-warning.js';
import { toolSearchRejection } from './tool-search-rejection.js';

/** How a tool loop's run falls back when a deployment rejects tool search (see {@link createFallbackStep}). */
export interface FallbackStepOptions {
  /** What the API's error message must match to count as a rejection of tool search. */
  readonly pattern: RegExp;
  /** Where the rejecting deployment is remembered (later requests to it skip tool search). */
  readonly memory: DeploymentMemory;
  /** The deployment's key ({@link deploymentKey}). */
  readonly key: string;
  /** How the request is retried, for the warning: `without tool search`, `with plain search (definitions as JSON)`. */
  readonly retried: string;
  /** The run's warnings; a `tool-search-rejected` warning is appended. */
  readonly warnings: ToolSearchWarning[];
  /** Also told of the warning. */
  readonly onWarning: ((warning: ToolSearchWarning) => void) | undefined;
}

/** `sent`: the API's answer; else the deployment rejected tool search (now remembered and reported): send the step again. */
export type SendOutcome = { readonly sent: true; readonly value: unknown } | { readonly sent: false; readonly warning: ToolSearchWarning };

/** The send step of one run of a tool loop, with its fall-back state. */
export interface FallbackStep {
  /** Whether the run has fallen back (the run result's `fallback`). */
  readonly fellBack: boolean;
  /**
   * Sends a request. When it carried tool search (`withToolSearch`), the
   * run has not fallen back yet, and the API rejects it with a 400 or 422
   * whose message matches `pattern`: remembers the deployment, reports
   * `tool-search-rejected` and resolves `sent: false`, so the loop sends
   * the same step again without tool search. Every other error is thrown
   * unchanged. A run falls back once.
   */
  send(withToolSearch: boolean, request: () => PromiseLike<unknown>): Promise<SendOutcome>;
}

/** The send step the adapters' tool loops share (OpenAI Responses and Chat, Gemini): one request, or one remembered fall-back. */
export function createFallbackStep(options: FallbackStepOptions): FallbackStep {
  let fellBack = false;
  return {
    get fellBack() {
      return fellBack;
    },
    async send(withToolSearch, request) {
      try {
        return { sent: true, value: await request() };
      } catch (error) {
        const rejection = withToolSearch && !fellBack ? toolSearchRejection(error, options.pattern) : null;
        if (rejection === null) throw error;
        fellBack = true;
        return { sent: false, warning: reportRejection(options.memory, options.key, rejection.message, options.retried, options.warnings, options.onWarning) };
      }
    },
  };
}
