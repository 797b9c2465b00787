import type { IndexKey, IndexStore } from './index-store.js';
import { indexKeyString } from './index-store.js';

/**
 * `inner` with one blob answered from memory: `get(key)` returns `blob` for
 * `key` (a prebuilt index), and asks `inner` for any other key; writes go to
 * `inner`. With no `inner`, other keys are absent and writes are dropped.
 */
export function withPreloadedIndex(inner: IndexStore | undefined, key: IndexKey, blob: Uint8Array): IndexStore {
  const preloaded = indexKeyString(key);
  return {
    get: async (asked) => (indexKeyString(asked) === preloaded ? blob : inner?.get(asked)),
    put: async (asked, bytes) => inner?.put(asked, bytes),
    delete: async (asked) => inner?.delete(asked),
    clear: async () => inner?.clear(),
  };
}
