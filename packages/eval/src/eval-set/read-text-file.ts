import { readFile } from 'node:fs/promises';
import { createLoadoutError } from '@loadout/core';

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * Reads a UTF-8 file. Throws `file-not-found` when it does not exist and
 * `file-unreadable` for any other failure, both naming the path and saying
 * what the file is for (`what`).
 */
export async function readTextFile(path: string, what: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') {
      throw createLoadoutError('file-not-found', `@loadout/eval: ${what} not found: ${path}`, { path });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw createLoadoutError('file-unreadable', `@loadout/eval: cannot read ${what} ${path}: ${reason}`, { path, code });
  }
}
