import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';

/**
 * Throws `file-unwritable`, worded as {@link writeFileAtomic} words it
 * (`cannot write PATH: CODE`), when `path` (relative to `cwd`) plainly
 * cannot be written: it is a folder (EISDIR), or its folder is missing
 * (ENOENT), not a folder (ENOTDIR) or not writable (EACCES). A command
 * checks before slow work (pulling servers, spawning upstreams), so it
 * fails at once instead of after it; the write itself still reports
 * anything else.
 */
export async function checkWritable(path: string, cwd: string): Promise<void> {
  const target = resolve(cwd, path);
  const refuse = (code: string): never => {
    throw createLoadoutError('file-unwritable', `cannot write ${path}: ${code}`, { path, code });
  };
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory()) refuse('EISDIR');
  const folder = await stat(dirname(target)).catch(() => undefined);
  if (folder === undefined) refuse('ENOENT');
  if (!folder!.isDirectory()) refuse('ENOTDIR');
  await access(dirname(target), constants.W_OK).catch((error: NodeJS.ErrnoException) => refuse(error.code ?? 'EACCES'));
}
