import { open, readFile, stat, unlink } from 'node:fs/promises';
import { createLoadoutError } from '@loadout/core';

/** Options of {@link withStoreLock}. */
export interface StoreLockOptions {
  /** How long to wait for another holder, in ms. Default 60,000. */
  readonly waitMs?: number;
  /** A lock older than this (ms) is stale even when its process still runs. Default 600,000 (10 minutes). */
  readonly staleMs?: number;
}

/** The lock file of a store: `<store>.lock`, holding the owner's PID and the time it was taken. */
export function storeLockPath(path: string): string {
  return `${path}.lock`;
}

function processRuns(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock at `lockPath` when its owner is gone or it is older than `staleMs`; true when it did. */
async function breakStaleLock(lockPath: string, staleMs: number): Promise<boolean> {
  let text: string;
  let modified: number;
  try {
    [text, modified] = await Promise.all([readFile(lockPath, 'utf8'), stat(lockPath).then((info) => info.mtimeMs)]);
  } catch {
    return true; // released meanwhile: try again at once
  }
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  // A lock being written has no PID yet: its owner runs, give it time.
  const ownerGone = text.length > 0 && !processRuns(pid);
  if (!ownerGone && Date.now() - modified < staleMs) return false;
  if ((await readFile(lockPath, 'utf8').catch(() => undefined)) !== text) return true;
  await unlink(lockPath).catch(() => {});
  return true;
}

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Runs `work` holding the store's lock file (`<store>.lock`, created
 * exclusively), so appends, compaction and purge of one store never overlap,
 * in one process or many. A lock whose process is gone, or older than
 * `staleMs`, is removed (a crash never blocks the store for good). Throws
 * `file-unwritable` (code `ELOCKED`) when the lock stays held for `waitMs`,
 * or with the system code when the lock cannot be made.
 */
export async function withStoreLock<T>(path: string, work: () => Promise<T>, options: StoreLockOptions = {}): Promise<T> {
  const lockPath = storeLockPath(path);
  const waitMs = options.waitMs ?? 60_000;
  const staleMs = options.staleMs ?? 600_000;
  const started = Date.now();
  let delay = 1;
  for (;;) {
    let handle;
    try {
      handle = await open(lockPath, 'wx');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw createLoadoutError('file-unwritable', `cannot write ${path}: its lock ${lockPath} cannot be made (${code ?? 'unknown error'})`, { path, code });
      if (await breakStaleLock(lockPath, staleMs)) continue;
      if (Date.now() - started >= waitMs) {
        throw createLoadoutError('file-unwritable', `cannot write ${path}: ELOCKED (${lockPath} was held for over ${waitMs} ms by another process)`, { path, code: 'ELOCKED' });
      }
      await pause(delay + Math.random() * delay);
      delay = Math.min(delay * 2, 50);
      continue;
    }
    try {
      await handle.writeFile(`${process.pid}\n${new Date().toISOString()}\n`);
    } finally {
      await handle.close();
    }
    try {
      return await work();
    } finally {
      await unlink(lockPath).catch(() => {});
    }
  }
}
