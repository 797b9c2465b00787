import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStoreLock } from './store-lock.js';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'loadout-store-lock-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('withStoreLock', () => {
  it('breaks a lock whose process is gone, and one older than 10 minutes, and removes its own', async () => {
    const store = join(folder, 'feedback.jsonl');
    // A PID above Linux's largest: no such process.
    await writeFile(`${store}.lock`, '999999999\n2026-01-01T00:00:00.000Z\n');
    expect(await withStoreLock(store, async () => 'after a crash')).toBe('after a crash');
    await writeFile(`${store}.lock`, `${process.pid}\n2026-01-01T00:00:00.000Z\n`);
    const old = new Date(Date.now() - 11 * 60_000);
    await utimes(`${store}.lock`, old, old);
    expect(await withStoreLock(store, async () => 'after a hang')).toBe('after a hang');
    expect(await readdir(folder)).toEqual([]);
  });

  it('turns a failed write into file-unwritable naming the path and the system code', async () => {
    const store = join(folder, 'feedback.jsonl');
    const failing = withStoreLock(store, async () => Promise.reject(Object.assign(new Error('disk full'), { code: 'ENOSPC' })));
    await expect(failing).rejects.toMatchObject({ code: 'file-unwritable', message: `cannot write ${store}: ENOSPC` });
    expect(await readdir(folder)).toEqual([]);
  });
});
