import { createRequire } from 'node:module';

function probe(): string | undefined {
  try {
    createRequire(import.meta.url)('hnswlib-node');
    return undefined;
  } catch (error) {
    const first = error instanceof Error ? error.message.split('\n')[0]!.replace(/\s*Tried:$/, '') : String(error);
    const code = (error as NodeJS.ErrnoException).code ?? first;
    return `hnswlib-node is optional and did not build or install here (${code}); see the README's install note`;
  }
}

/**
 * Why tests that need `hnswlib-node` (the optional native HNSW index) skip
 * on this machine, or undefined when it loads. When set, it is printed once
 * per test file and named in the skipped suite's title, so a skip is never
 * silent.
 */
export const HNSWLIB_MISSING: string | undefined = probe();

if (HNSWLIB_MISSING !== undefined) console.warn(`skipping the HNSW tests: ${HNSWLIB_MISSING}`);

/** `title`, with the skip reason appended when hnswlib-node is missing. */
export function hnswTitle(title: string): string {
  return HNSWLIB_MISSING === undefined ? title : `${title} (skipped: ${HNSWLIB_MISSING})`;
}
