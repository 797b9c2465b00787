import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { createLoadoutError } from '@loadout/core';

/** A file as a trust record names it: its real path and the SHA-256 of its bytes. */
export interface FileDigest {
  readonly path: string;
  readonly sha256: string;
}

/** A file's real path and its bytes, read once. */
export interface FileBytes {
  readonly path: string;
  readonly bytes: Buffer;
}

/**
 * The real path and bytes of the file at `path`; undefined when it does not
 * exist. Any other failure (a folder, no permission) is `file-unreadable`
 * naming the path.
 */
export function readIfPresent(path: string): FileBytes | undefined {
  try {
    const real = realpathSync(path);
    return { path: real, bytes: readFileSync(real) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    if (code === 'ENOENT') return undefined;
    throw createLoadoutError('file-unreadable', `cannot read ${path}: ${code}`, { path, code });
  }
}

/** SHA-256 of `bytes`, in hex. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The real path and SHA-256 of the file at `path`; undefined when it does
 * not exist. Any other failure (a folder, no permission) is
 * `file-unreadable` naming the path.
 */
export function digestIfPresent(path: string): FileDigest | undefined {
  const read = readIfPresent(path);
  return read === undefined ? undefined : { path: read.path, sha256: sha256Of(read.bytes) };
}

/** As {@link digestIfPresent}, but a missing file is `file-not-found` naming the path. */
export function digestFile(path: string): FileDigest {
  const digest = digestIfPresent(path);
  if (digest === undefined) throw createLoadoutError('file-not-found', `cannot read ${path}: ENOENT`, { path, code: 'ENOENT' });
  return digest;
}
