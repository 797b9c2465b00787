import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { jsonDepth } from '@loadout/core/utils';
import { MAX_INPUT_SCHEMA_DEPTH } from '../catalog/deep-tools.js';

/**
 * Most levels a worker's answer may nest: a tool's `inputSchema` or `_meta`
 * at the most levels the engine loads ({@link MAX_INPUT_SCHEMA_DEPTH}, a
 * deeper tool is skipped when the catalog is read) plus the answer's own
 * levels around it (a search hit's tool sits four deep). Far deeper answers
 * (hundreds of thousands of levels) overflow the browser's structured clone
 * ("Maximum call stack size exceeded" in `postMessage`), so the worker
 * refuses any answer past this with a coded error instead.
 */
export const WORKER_RESPONSE_MAX_DEPTH = MAX_INPUT_SCHEMA_DEPTH + 24;

/** The coded error for an answer of `method` nesting deeper than {@link WORKER_RESPONSE_MAX_DEPTH}, or undefined when it can be posted. */
export function responseDepthProblem(method: string, value: unknown): LoadoutError | undefined {
  if (typeof value !== 'object' || value === null || jsonDepth(value, WORKER_RESPONSE_MAX_DEPTH) <= WORKER_RESPONSE_MAX_DEPTH) return undefined;
  return createLoadoutError(
    'catalog-invalid-schema',
    `@loadout/browser: the ${method} answer nests deeper than the ${WORKER_RESPONSE_MAX_DEPTH.toLocaleString('en-US')} levels a worker can pass to the page; flatten the tool's inputSchema or _meta, or drop the tool`,
    { method, limit: WORKER_RESPONSE_MAX_DEPTH },
  );
}
