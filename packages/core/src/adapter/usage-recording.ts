import type { Catalog } from '../catalog/catalog.js';
import type { UsageEvent } from '../usage/usage-event.js';
import { createUsageTracker } from '../usage/usage-tracker.js';

/** The search-then-call signal of one adapter, fed to its `recordUsage`. */
export interface UsageRecording {
  /** A client-side search answered `query` with these tools (API names). */
  searched(query: string, apiNames: readonly string[]): void;
  /** The tool sent as `apiName` was run: records the positive of the newest recent search that found it. Never throws. */
  called(apiName: string): void;
  /** Forgets every search (a new conversation). */
  reset(): void;
}

const NONE: UsageRecording = { searched: () => undefined, called: () => undefined, reset: () => undefined };

/**
 * {@link createUsageTracker} over a catalog's API names (what adapters
 * send and models call), its events under display names (as the MCP
 * gateway records them); what `recordUsage` throws is ignored. Without
 * `recordUsage`, nothing is tracked. Shared by `createToolSearchKit` and
 * the adapters with an engine of their own.
 */
export function createUsageRecording(catalog: Catalog, recordUsage: ((event: UsageEvent) => void) | undefined): UsageRecording {
  if (recordUsage === undefined) return NONE;
  let tracker = createUsageTracker();
  return {
    searched: (query, apiNames) => tracker.searched(query, apiNames),
    called(apiName) {
      const tool = typeof apiName === 'string' ? catalog.byApiName.get(apiName) : undefined;
      const event = tool === undefined ? undefined : tracker.called(apiName);
      if (tool === undefined || event === undefined) return;
      deliverUsage(recordUsage, { ...event, called: [tool.displayName] });
    },
    reset() {
      tracker = createUsageTracker();
    },
  };
}

/**
 * Hands `event` to a `recordUsage` sink so that nothing it does reaches
 * the caller: a throw, or a rejection of the promise an async sink
 * returns, goes to `onError` (default: ignored), never up the stack and
 * never as an unhandled rejection.
 */
export function deliverUsage(sink: (event: UsageEvent) => unknown, event: UsageEvent, onError: (error: unknown) => void = () => {}): void {
  const fail = (error: unknown): void => {
    try {
      onError(error);
    } catch {
      // An error reporter that throws is ignored too.
    }
  };
  try {
    const result = sink(event);
    if (typeof result === 'object' && result !== null && typeof (result as PromiseLike<unknown>).then === 'function') {
      (result as PromiseLike<unknown>).then(undefined, fail);
    }
  } catch (error) {
    fail(error);
  }
}
