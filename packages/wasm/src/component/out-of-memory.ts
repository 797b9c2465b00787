import { createLoadoutError } from '@loadout/core';
import { MAX_TOOLS_TEXT } from './component-limits.js';

/**
 * Whether `error` is a JavaScript engine running out of memory: SpiderMonkey
 * (the component) throws the bare string `out of memory`, QuickJS an
 * `InternalError` with that message, or `null` when it cannot allocate even
 * that error (nothing in the API throws `null`).
 */
export function isOutOfMemory(error: unknown): boolean {
  if (error === 'out of memory' || error === null) return true;
  return error instanceof Error && error.message === 'out of memory';
}

/**
 * Runs `body`, which reads and indexes the catalog text `text` from
 * `source`; the engine running out of memory becomes `catalog-too-large`
 * naming the catalog's size (the memory it had is the host's), not `internal`.
 * Everything the failed call allocated is garbage afterwards: the next call
 * on the instance has the memory again.
 */
export function withinMemory<T>(text: string, source: string, body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (!isOutOfMemory(error)) throw error;
    throw createLoadoutError(
      'catalog-too-large',
      `${source}: ${text.length} characters of catalog ran out of the engine's memory while indexing; the component indexes up to ${MAX_TOOLS_TEXT} small tools, fewer with long descriptions or schemas: split the catalog, or give the engine more memory`,
      { path: source, characters: text.length, reason: 'out-of-memory' },
    );
  }
}
