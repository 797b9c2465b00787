import { readFile } from 'node:fs/promises';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { decodeWordVectorTable } from './table-codec.js';
import type { WordVectorTable } from './word-vector-table.js';

/**
 * Reads a compacted word-vector table file (written by
 * {@link compactWordVectorFile}). Throws `file-not-found` when it is missing
 * and `index-corrupt` (naming the path) when it is not a table of this
 * format version or is damaged. Node only.
 */
export async function loadStaticVectors(path: string): Promise<WordVectorTable> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw createLoadoutError(
      code === 'ENOENT' ? 'file-not-found' : 'file-unreadable',
      code === 'ENOENT'
        ? `@loadout/embeddings: word-vector table ${JSON.stringify(path)} does not exist; build it with \`pnpm --filter @loadout/embeddings build\` or compactWordVectorFile()`
        : `@loadout/embeddings: cannot read word-vector table ${JSON.stringify(path)}: ${String(error)}`,
      { path },
    );
  }
  try {
    return decodeWordVectorTable(bytes);
  } catch (error) {
    if (!isLoadoutError(error) || error.code !== 'index-corrupt') throw error;
    throw createLoadoutError('index-corrupt', error.message.replace('word-vector table', `word-vector table ${JSON.stringify(path)}`), {
      ...error.details,
      path,
    });
  }
}
