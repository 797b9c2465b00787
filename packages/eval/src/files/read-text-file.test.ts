import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonLinesFile, readTextFile } from './read-text-file.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-read-text-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('readTextFile', () => {
  it('reads UTF-8 relative to the folder, without a byte-order mark', async () => {
    writeFileSync(join(folder, 'bom.json'), '\ufeff[1]');
    await expect(readTextFile('bom.json', { cwd: folder })).resolves.toBe('[1]');
  });

  it('names a missing file, a folder and a UTF-16 file in words, with stable codes', async () => {
    await expect(readTextFile('nope.json', { cwd: folder })).rejects.toMatchObject({ code: 'file-not-found', message: 'no such file: nope.json' });
    mkdirSync(join(folder, 'tools'), { recursive: true });
    await expect(readTextFile('tools', { cwd: folder })).rejects.toMatchObject({
      code: 'file-unreadable',
      message: 'cannot read tools: it is a folder, not a file',
      details: { path: 'tools', code: 'EISDIR' },
    });
    writeFileSync(join(folder, 'wide.json'), Buffer.from('\ufeff[1]', 'utf16le'));
    await expect(readTextFile('wide.json', { cwd: folder })).rejects.toMatchObject({ code: 'file-not-text', details: { encoding: 'utf-16le' } });
  });

  it('says what the file is for when told, and reads a path relative to the working folder without cwd', async () => {
    const missing = join(folder, 'queries.test.jsonl');
    await expect(readTextFile(missing, { what: 'eval-set "test" queries file' })).rejects.toMatchObject({
      code: 'file-not-found',
      message: `eval-set "test" queries file not found: ${missing}`,
      details: { path: missing },
    });
    await expect(readTextFile(folder, { what: 'tools file' })).rejects.toMatchObject({ code: 'file-unreadable', message: `cannot read tools file ${folder}: it is a folder, not a file` });
    writeFileSync(join(folder, 'plain.txt'), 'hello');
    await expect(readTextFile(join(folder, 'plain.txt'))).resolves.toBe('hello');
  });

  it('never echoes the bytes of a file that is not text', async () => {
    writeFileSync(join(folder, 'secret.bin'), Buffer.from('hunter2\u0000\u0000binary', 'utf8'));
    const error = await readTextFile('secret.bin', { cwd: folder }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'file-not-text', details: { encoding: 'binary' } });
    expect(JSON.stringify(error)).not.toContain('hunter2');
  });
});

describe('readJsonLinesFile', () => {
  it('skips only the line that is not UTF-8 (a record cut mid-character); UTF-16 and binary are still file-not-text', async () => {
    writeFileSync(join(folder, 'torn.jsonl'), Buffer.concat([Buffer.from('\ufeff[1]\n\n{"query":"'), Buffer.from('請').subarray(0, 2), Buffer.from('\n[2]\n')]));
    await expect(readJsonLinesFile('torn.jsonl', { cwd: folder })).resolves.toEqual([
      { line: 1, text: '[1]' },
      { line: 3, text: undefined },
      { line: 4, text: '[2]' },
    ]);
    writeFileSync(join(folder, 'clean.jsonl'), '\ufeff[1]\r\n\n[2]');
    await expect(readJsonLinesFile('clean.jsonl', { cwd: folder })).resolves.toEqual([
      { line: 1, text: '[1]\r' },
      { line: 3, text: '[2]' },
    ]);
    // Not one line of it is UTF-8: another encoding (Latin-1 "é" is the one byte 0xE9).
    writeFileSync(join(folder, 'latin1.jsonl'), Buffer.from('["caf\xe9"]\n["th\xe9"]\n', 'latin1'));
    await expect(readJsonLinesFile('latin1.jsonl', { cwd: folder })).rejects.toMatchObject({ code: 'file-not-text', details: { encoding: 'invalid-utf-8' } });
    writeFileSync(join(folder, 'wide.jsonl'), Buffer.from('\ufeff[1]', 'utf16le'));
    await expect(readJsonLinesFile('wide.jsonl', { cwd: folder })).rejects.toMatchObject({ code: 'file-not-text', details: { encoding: 'utf-16le' } });
    writeFileSync(join(folder, 'zeroed.jsonl'), Buffer.from('[1]\n\0\0\0\n'));
    await expect(readJsonLinesFile('zeroed.jsonl', { cwd: folder })).rejects.toMatchObject({ code: 'file-not-text', details: { encoding: 'binary' } });
    await expect(readJsonLinesFile('nope.jsonl', { cwd: folder, what: 'feedback store' })).rejects.toMatchObject({ code: 'file-not-found', message: 'feedback store not found: nope.jsonl' });
  });
});
