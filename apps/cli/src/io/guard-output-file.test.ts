import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guardOutputFile, writeOutputFile } from './guard-output-file.js';
import type { OutputFileKind } from './guard-output-file.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-guard-output-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const NOTE: OutputFileKind = { what: 'a note', recognise: (text) => text.startsWith('NOTE\n'), maxBytes: 5, remedy: 'name another file' };

describe('writeOutputFile', () => {
  it('refuses a user file that appeared after the first check, and leaves it unchanged', async () => {
    const path = join(folder, 'late.txt');
    await guardOutputFile(path, folder, NOTE);
    writeFileSync(path, 'my own notes\n');
    await expect(writeOutputFile(path, folder, NOTE, 'NOTE\nnew')).rejects.toMatchObject({ code: 'file-overwrite-refused' });
    expect(readFileSync(path, 'utf8')).toBe('my own notes\n');
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('writes over its own kind of file, and over nothing', async () => {
    const path = join(folder, 'own.txt');
    await writeOutputFile(path, folder, NOTE, 'NOTE\none');
    await writeOutputFile(path, folder, NOTE, 'NOTE\ntwo');
    expect(readFileSync(path, 'utf8')).toBe('NOTE\ntwo');
  });

  it('writes over a user file only with force', async () => {
    const path = join(folder, 'forced.txt');
    writeFileSync(path, 'mine');
    await writeOutputFile(path, folder, NOTE, 'NOTE\nforced', { force: true });
    expect(readFileSync(path, 'utf8')).toBe('NOTE\nforced');
  });
});
