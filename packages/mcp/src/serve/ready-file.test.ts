import { execFileSync } from 'node:child_process';
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkReadyFile } from './ready-file.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-ready-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('checkReadyFile', () => {
  it('takes an absent, empty or earlier ready file, and never a link, a pipe or another file', async () => {
    await expect(checkReadyFile('ready.txt', folder)).resolves.toBeUndefined();
    writeFileSync(join(folder, 'ready.txt'), 'http://127.0.0.1:8765/mcp\n');
    await expect(checkReadyFile('ready.txt', folder)).resolves.toBeUndefined();
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    symlinkSync(join(folder, 'notes.txt'), join(folder, 'link.txt'));
    execFileSync('mkfifo', [join(folder, 'pipe.txt')]);
    await expect(checkReadyFile('notes.txt', folder)).rejects.toMatchObject({ code: 'file-overwrite-refused', message: expect.stringContaining('notes.txt exists and is not a ready file') });
    for (const name of ['link.txt', 'pipe.txt']) {
      await expect(checkReadyFile(name, folder)).rejects.toMatchObject({ code: 'file-overwrite-refused', message: `${name} is not a regular file (a device, a pipe or a symbolic link); it was left unchanged: name a regular file` });
    }
    expect(lstatSync(join(folder, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(folder, 'pipe.txt')).isFIFO()).toBe(true);
    expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('mine');
  });
});
