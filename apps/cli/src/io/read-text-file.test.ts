import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTextFile } from './read-text-file.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-read-text-file-'));

describe('readTextFile', () => {
  it('reads UTF-8 relative to the folder, without a byte-order mark', async () => {
    writeFileSync(join(folder, 'bom.json'), '\ufeff[1]');
    await expect(readTextFile('bom.json', folder)).resolves.toBe('[1]');
  });

  it('names a missing file, a folder and a UTF-16 file in words, with stable codes', async () => {
    await expect(readTextFile('nope.json', folder)).rejects.toMatchObject({ code: 'file-not-found', message: 'no such file: nope.json' });
    mkdirSync(join(folder, 'tools'), { recursive: true });
    await expect(readTextFile('tools', folder)).rejects.toMatchObject({
      code: 'file-unreadable',
      message: 'cannot read tools: it is a folder, not a file',
      details: { path: 'tools', code: 'EISDIR' },
    });
    writeFileSync(join(folder, 'wide.json'), Buffer.from('\ufeff[1]', 'utf16le'));
    await expect(readTextFile('wide.json', folder)).rejects.toMatchObject({ code: 'file-not-text', details: { encoding: 'utf-16le' } });
  });
});
