/** True when the process runs with `--expose-gc`, so heap deltas are meaningful. */
export function canCollectGarbage(): boolean {
  return typeof (globalThis as { gc?: unknown }).gc === 'function';
}

/** Runs a full garbage collection (twice, to settle weak references) when `--expose-gc` is on; else does nothing. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return;
  gc();
  gc();
}

/** Bytes in use: the JS heap, and memory outside it (typed-array buffers, native addons that report it). */
export interface MemoryReading {
  readonly heapUsed: number;
  readonly external: number;
}

/**
 * Reads memory after full collections (when available), with a turn of the
 * event loop between them so that freed array-buffer backing stores, which
 * V8 releases after the collection, leave the `external` figure.
 */
export async function readMemory(): Promise<MemoryReading> {
  collectGarbage();
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const { heapUsed, external } = process.memoryUsage();
  return { heapUsed, external };
}
