import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The disk fills up as the compacted copy is renamed over the store.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, rename: vi.fn(async () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))) };
});

const { createFileFeedbackStore } = await import('./create-file-feedback-store.js');

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'loadout-compact-failure-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('a compaction that fails', () => {
  it('throws file-unwritable with the system code, keeps the store, and leaves no temporary or lock file', async () => {
    const path = join(folder, 'feedback.jsonl');
    // A line cut short: compaction drops it, so it rewrites the store.
    const text = `${JSON.stringify({ query: 'save it', called: ['write_file'], at: new Date().toISOString() })}\n{"query": "cut`;
    await writeFile(path, text);
    await expect(createFileFeedbackStore(path).compact()).rejects.toMatchObject({ code: 'file-unwritable', message: `cannot write ${path}: ENOSPC` });
    expect(await readdir(folder)).toEqual(['feedback.jsonl']);
    expect(await readFile(path, 'utf8')).toBe(text);
  });
});
