import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { processRuns } from '@loadout/eval/files';
import { recogniseFeedbackStore } from './recognise-feedback-store.js';

/** How long a write waits for another holder of the lock, in ms. */
const WAIT_MS = 60_000;
/** A lock older than this (ms) is stale even when its process still runs. */
const STALE_MS = 600_000;
/** A lock this module writes, exactly: the owner's PID line, an ISO time line, and (since 3458) a line unique to the take, so a lock taken again in the same millisecond never reads as the one seen before. Nothing else is ever removed. */
const LOCK_TEXT = /^([1-9]\d*)\n\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\n(?:[0-9a-z]{1,16}\n)?$/;
const held: string[] = [];

/** Whether the owner of a lock naming `pid` runs; this process only while it holds it (`held`, once per holder; else an earlier process of this PID left it: a restart, e.g. PID 1 in a container). */
function ownerRuns(pid: number, lockPath: string): boolean {
  return pid === process.pid ? held.includes(lockPath) : processRuns(pid);
}

/** Removes the lock at `lockPath` when its owner is gone or it is stale; true when it did, or it went meanwhile. A file not in the lock's format is refused, untouched. */
async function breakStaleLock(lockPath: string): Promise<boolean> {
  const found = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath)]).catch(() => undefined);
  if (found === undefined) return true; // released meanwhile: try again at once
  const [text, { mtimeMs }] = found;
  const pid = LOCK_TEXT.exec(text)?.[1];
  const young = Date.now() - mtimeMs < STALE_MS;
  // A lock being written is empty for a moment: its owner runs, give it time.
  if (pid === undefined && (text.length > 0 || !young)) throw createLoadoutError('file-overwrite-refused', `${lockPath} is not a lock loadout wrote (a PID line and a time line); it was left untouched: move it, or name another path for the store`, { path: lockPath });
  if (young && (text.length === 0 || ownerRuns(Number(pid), lockPath))) return false;
  // Unless another process took it meanwhile.
  if ((await readFile(lockPath, 'utf8').catch(() => undefined)) === text) await unlink(lockPath).catch(() => {});
  return true;
}

/**
 * Runs a write to the store at `path` (its folder made) once it is
 * recognised as a feedback store, holding `<store>.lock` (created
 * exclusively: owner's PID, time), so appends, compaction and purge never
 * overlap, in one process (one thread: they share the PID) or many. A lock
 * whose process is gone, or older than 10 minutes, is removed; a `.lock`
 * loadout did not write is refused untouched (`file-overwrite-refused`).
 * Other failures are `file-unwritable` naming the path and the system code
 * (`ELOCKED`: held for a minute; `ENOTDIR`: a folder on the way is a file).
 */
export async function withStoreLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const lockPath = `${path}.lock`;
  const started = Date.now();
  try {
    await recogniseFeedbackStore(path);
    // A folder on the way that is a file: EEXIST (the store's folder itself) or ENOTDIR (one above it).
    await mkdir(dirname(path), { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST' && error.code !== 'ENOTDIR') throw error;
      throw createLoadoutError('file-unwritable', `cannot write ${path}: ENOTDIR (${dirname(path)}, or a folder above it, is a file: move it, or name another path for the store)`, { path, code: 'ENOTDIR' });
    });
    for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
      const handle = await open(lockPath, 'wx').catch((error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? undefined : Promise.reject(error)));
      if (handle !== undefined) {
        held.push(lockPath);
        try {
          await handle.writeFile(`${process.pid}\n${new Date().toISOString()}\n${Math.random().toString(36).slice(2, 12) || '0'}\n`).finally(() => handle.close());
          return await work();
        } finally {
          await unlink(lockPath).catch(() => {});
          held.splice(held.indexOf(lockPath), 1);
        }
      }
      if (await breakStaleLock(lockPath)) continue;
      if (Date.now() - started >= WAIT_MS) {
        throw createLoadoutError('file-unwritable', `cannot write ${path}: ELOCKED (${lockPath} was held for over ${WAIT_MS} ms by another process)`, { path, code: 'ELOCKED' });
      }
      await sleep(delay + Math.random() * delay);
    }
  } catch (error) {
    if (isLoadoutError(error)) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw createLoadoutError('file-unwritable', `cannot write ${path}: ${code}`, { path, code });
  }
}
