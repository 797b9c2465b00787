import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { jsonDepth } from '@loadout/core/utils';

/**
 * Most levels a worker's answer may nest: deeper (a tool whose `inputSchema`
 * nests hundreds of thousands of levels) overflows the browser's structured
 * clone ("Maximum call stack size exceeded" in `postMessage`), so the worker
 * refuses it with a coded error instead.
 */
export const WORKER_RESPONSE_MAX_DEPTH = 1000;

/** The coded error for an answer of `method` nesting deeper than {@link WORKER_RESPONSE_MAX_DEPTH}, or undefined when it can be posted. */
export function responseDepthProblem(method: string, value: unknown): LoadoutError | undefined {
  if (typeof value !== 'object' || value === null || jsonDepth(value, WORKER_RESPONSE_MAX_DEPTH) <= WORKER_RESPONSE_MAX_DEPTH) return undefined;
  return createLoadoutError(
    'catalog-invalid-schema',
    `@loadout/browser: a tool's inputSchema nests deeper than the ${WORKER_RESPONSE_MAX_DEPTH.toLocaleString('en-US')} levels a worker can pass to the page (in the ${method} answer); flatten it or drop the tool`,
    { method, limit: WORKER_RESPONSE_MAX_DEPTH },
  );
}
