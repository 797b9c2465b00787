import type { Stats } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';
import { writeFileAtomic } from './write-file-atomic.js';
import { checkFileFlag } from './check-file-flag.js';

/** What {@link guardOutputFile} lets a command overwrite. */
export interface OutputFileKind {
  /** The kind of file the command writes, for messages: "a ready file", "a catalog snapshot". */
  readonly what: string;
  /** Whether an existing file, read from its start (`text`: its bytes as UTF-8), is one the command wrote before (an empty file always is). */
  readonly recognise: (text: string, bytes: Uint8Array) => boolean;
  /** Bytes read from the start of an existing file to recognise it: a header's length, or a whole-file format's largest size (a larger file is cut short, so not recognised). */
  readonly maxBytes: number;
  /** How to proceed, for the message: "pass --force to replace it", "name another file". */
  readonly remedy: string;
}

/** Whether two paths (absolute, or relative to the process) name the same file once links are followed; a missing one is compared as written. */
export async function sameFile(left: string, right: string): Promise<boolean> {
  const [a, b] = await Promise.all([realpath(left).catch(() => resolve(left)), realpath(right).catch(() => resolve(right))]);
  return a === b;
}

/** What a path that is not a regular file or a folder is, for a message. */
function notRegular(info: Stats): string {
  return info.isSymbolicLink() ? 'is a symbolic link (name the file it points to)' : 'is not a regular file (a device, a pipe or a socket)';
}

/** The first `length` bytes of `path`, or undefined when it cannot be read. */
async function readStart(path: string, length: number): Promise<Uint8Array | undefined> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (handle === undefined) return undefined;
  const bytes = new Uint8Array(length);
  const read = await handle.read(bytes, 0, length, 0).catch(() => undefined).finally(() => handle.close());
  return read === undefined ? undefined : bytes.subarray(0, read.bytesRead);
}

/**
 * Refuses (`file-overwrite-refused`, exit 2, naming the file) to let a
 * command replace `path` (relative to `cwd`) unless it is absent, empty or
 * recognised as `kind` (what the command wrote there before), and always
 * when it is one of `protect` (the files the command reads, such as the
 * config of `catalog pull`). `force` lifts the first rule, never the second.
 * Nothing is written; call it before any slow work.
 */
export async function guardOutputFile(path: string, cwd: string, kind: OutputFileKind, options: { readonly force?: boolean; readonly protect?: readonly string[] } = {}): Promise<void> {
  // Elsewhere `-` means standard output; these files are written to disk only.
  if (path === '-') throw createLoadoutError('invalid-option', `"-" would be a file named "-": ${kind.what} is written to a file, not to standard output; name a file`, { path });
  // Read as a path, a URL would be a folder that is not there, and that message would show its password.
  checkFileFlag(path, 'out', `${kind.what} is written to a file; name a file path`);
  const target = resolve(cwd, path);
  for (const read of options.protect ?? []) {
    if (await sameFile(target, resolve(cwd, read))) {
      throw createLoadoutError('file-overwrite-refused', `${path} is the file this command reads (${read}); writing ${kind.what} there would replace it: name another file`, { path });
    }
  }
  const existing = await lstat(target).catch(() => undefined);
  // A folder fails the write with its own code; a device, a pipe or a link would be replaced by a regular file.
  if (existing === undefined || existing.isDirectory()) return;
  if (!existing.isFile()) throw createLoadoutError('file-overwrite-refused', `${path} ${notRegular(existing)}; it was left unchanged: name a regular file`, { path });
  if (options.force === true || existing.size === 0) return;
  const bytes = await readStart(target, Math.min(existing.size, kind.maxBytes));
  if (bytes !== undefined && kind.recognise(new TextDecoder().decode(bytes), bytes)) return;
  throw createLoadoutError('file-overwrite-refused', `${path} exists and is not ${kind.what}; it was left unchanged: ${kind.remedy}`, { path });
}

/**
 * Writes `content` to `path` (atomically) after checking it again as
 * {@link guardOutputFile} does: a user's file that appeared there while the
 * command ran (an index build takes seconds) is refused and left unchanged,
 * not replaced. Commands still guard first, before any slow work.
 */
export async function writeOutputFile(path: string, cwd: string, kind: OutputFileKind, content: string | Uint8Array, options: { readonly force?: boolean } = {}): Promise<void> {
  await guardOutputFile(path, cwd, kind, options);
  await writeFileAtomic(path, cwd, content);
}
