import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';

/** Reads a UTF-8 file; missing or unreadable files become LoadoutErrors naming the path. */
export async function readTextFile(path: string, cwd: string): Promise<string> {
  const absolute = resolve(cwd, path);
  try {
    return stripByteOrderMark(await readFile(absolute, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw createLoadoutError('file-not-found', `no such file: ${path}`, { path });
    throw createLoadoutError('file-unreadable', `cannot read ${path}: ${code ?? String(error)}`, { path });
  }
}

/** Drops a leading UTF-8 byte-order mark (files saved by some Windows editors start with one). */
export function stripByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
