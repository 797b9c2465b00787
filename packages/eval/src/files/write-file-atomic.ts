import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';
import { processRuns } from './process-runs.js';

/**
 * Removes the temporary files an earlier write of `target` left when its
 * process was killed mid-write (`.NAME.PID.HEX8.tmp`, exactly this
 * function's pattern), when that process no longer runs. Best effort: a
 * folder that cannot be listed is left as it is.
 */
async function removeStaleTemporaries(target: string): Promise<void> {
  const prefix = `.${basename(target)}.`;
  const names = await readdir(dirname(target)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = /^(\d+)\.[0-9a-f]{8}\.tmp$/.exec(name.slice(prefix.length))?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && !processRuns(Number(pid))) await rm(join(dirname(target), name), { force: true }).catch(() => {});
  }
}

/**
 * Writes `text` (or bytes) to `path` so that readers see either the old file or the
 * complete new one, never a part: it writes a temporary file beside it,
 * flushes it to disk, then renames it over `path` (keeping the old file's
 * permissions). On failure the old file
 * is untouched and the temporary file removed; the error (`file-unwritable`)
 * names the path and the system code. Temporary files that killed writes
 * of `path` left behind are removed first.
 */
export async function writeFileAtomic(path: string, cwd: string, text: string | Uint8Array): Promise<void> {
  const target = resolve(cwd, path);
  await removeStaleTemporaries(target);
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const mode = await stat(target).then(
    (existing) => existing.mode & 0o777,
    () => 0o644,
  );
  try {
    const handle = await open(temporary, 'wx', mode);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => {});
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw createLoadoutError('file-unwritable', `cannot write ${path}: ${code}`, { path, code });
  }
}
