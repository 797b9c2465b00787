import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';

/**
 * Throws `file-unwritable`, worded as {@link writeFileAtomic} words it
 * (`cannot write PATH: CODE`) plus why in words, when `path` (relative to `cwd`) plainly
 * cannot be written: it is a folder (EISDIR), or its folder is missing
 * (ENOENT), not a folder (ENOTDIR) or not writable (EACCES). A command
 * checks before slow work (pulling servers, spawning upstreams), so it
 * fails at once instead of after it; the write itself still reports
 * anything else. An empty path is `invalid-option`.
 */
export async function checkWritable(path: string, cwd: string): Promise<void> {
  if (path.trim() === '') throw createLoadoutError('invalid-option', 'a file to write needs a path (got "")', { path });
  const target = resolve(cwd, path);
  const folderName = dirname(path);
  const refuse = (code: string, why: string): never => {
    throw createLoadoutError('file-unwritable', `cannot write ${path}: ${code} (${why})`, { path, code });
  };
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory()) refuse('EISDIR', 'it is a folder');
  const folder = await stat(dirname(target)).catch(() => undefined);
  if (folder === undefined) refuse('ENOENT', `the folder ${folderName} does not exist`);
  if (!folder!.isDirectory()) refuse('ENOTDIR', `${folderName} is not a folder`);
  await access(dirname(target), constants.W_OK).catch((error: NodeJS.ErrnoException) => refuse(error.code ?? 'EACCES', `the folder ${folderName} is not writable`));
}
