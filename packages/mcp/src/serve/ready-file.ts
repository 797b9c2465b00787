import { constants } from 'node:fs';
import { access, lstat, readFile, stat, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';

/** Largest existing file read to recognise it as an earlier ready file, in bytes. */
const MAX_READY_FILE_BYTES = 4096;

/** Whether `text` is what a ready file holds: one endpoint line, `stdio` or `http(s)://…`. */
export function isReadyFileText(text: string): boolean {
  return /^(?:stdio|https?:\/\/[^\s]+)\n?$/.test(text);
}

/**
 * Removes the ready file at `path` (relative to `cwd`) on shutdown when it
 * still holds `endpoint`'s line, so a stopped gateway leaves no file saying
 * it serves; a file another run has since rewritten is left alone.
 */
export async function removeReadyFile(path: string, cwd: string, endpoint: string): Promise<void> {
  const target = resolve(cwd, path);
  const text = await readFile(target, 'utf8').catch(() => undefined);
  if (text === `${endpoint}\n`) await unlink(target).catch(() => {});
}

/**
 * Checks, before any upstream starts, that `path` (relative to `cwd`, named
 * as given in messages) can take a ready file: its folder exists and is
 * writable (else `file-unwritable`, `cannot write PATH: CODE`), and the file
 * is absent, empty or an earlier ready file (else `file-overwrite-refused`,
 * the file left unchanged).
 */
export async function checkReadyFile(path: string, cwd: string): Promise<void> {
  const target = resolve(cwd, path);
  const refuse = (code: string): never => {
    throw createLoadoutError('file-unwritable', `cannot write ${path}: ${code}`, { path, code });
  };
  if ((await stat(target).catch(() => undefined))?.isDirectory()) refuse('EISDIR');
  const folder = await stat(dirname(target)).catch(() => undefined);
  if (folder === undefined) refuse('ENOENT');
  if (!folder!.isDirectory()) refuse('ENOTDIR');
  await access(dirname(target), constants.W_OK).catch((error: NodeJS.ErrnoException) => refuse(error.code ?? 'EACCES'));
  const existing = await lstat(target).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) {
    // /dev/stdout, a pipe or a link would be replaced by a regular file.
    throw createLoadoutError('file-overwrite-refused', `${path} is not a regular file (a device, a pipe or a symbolic link); it was left unchanged: name a regular file`, { path });
  }
  if (existing === undefined || existing.size === 0) return;
  const text = existing.size > MAX_READY_FILE_BYTES ? undefined : await readFile(target, 'utf8').catch(() => undefined);
  if (text !== undefined && isReadyFileText(text)) return;
  throw createLoadoutError(
    'file-overwrite-refused',
    `${path} exists and is not a ready file (one endpoint line that loadout serve --ready-file wrote); it was left unchanged: name a new file, or remove this one first`,
    { path },
  );
}
