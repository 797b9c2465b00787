import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_FILE_BYTES, readJsonLinesFile, readTextFile } from './read-text-file.js';

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

describe('readTextFile limits', () => {
  it('stops reading a file that never ends (/dev/zero) at maxBytes: file-too-large naming the path and the limit', async () => {
    const error = await readTextFile('/dev/zero', { maxBytes: 100_000, what: 'catalog' }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'file-too-large', message: 'catalog /dev/zero is larger than 100000 bytes, the most loadout reads of a file: give a smaller one', details: { path: '/dev/zero', maxBytes: 100_000 } });
    expect(DEFAULT_MAX_FILE_BYTES).toBe(256 * 1024 * 1024);
  });

  it('refuses a regular file over maxBytes without reading it, reads one at the limit, and names whole MiB', async () => {
    writeFileSync(join(folder, 'ten.txt'), '0123456789');
    await expect(readTextFile('ten.txt', { cwd: folder, maxBytes: 10 })).resolves.toBe('0123456789');
    await expect(readTextFile('ten.txt', { cwd: folder, maxBytes: 9 })).rejects.toMatchObject({ code: 'file-too-large', message: 'ten.txt is larger than 9 bytes, the most loadout reads of a file: give a smaller one' });
    await expect(readJsonLinesFile('ten.txt', { cwd: folder, maxBytes: 9 })).rejects.toMatchObject({ code: 'file-too-large' });
    writeFileSync(join(folder, 'big.txt'), Buffer.alloc(1024 * 1024 + 1, 'a'));
    await expect(readTextFile('big.txt', { cwd: folder, maxBytes: 1024 * 1024 })).rejects.toMatchObject({ message: expect.stringContaining('larger than 1 MiB') });
  });

  it('reads a pipe (a FIFO, as <(...) gives) in chunks to its end, and stops one that goes on past maxBytes', async () => {
    const fifo = join(folder, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const write = async (bytes: Buffer): Promise<void> => {
      const handle = await open(fifo, 'w');
      // The reader may stop and close its end first: the writer's EPIPE is expected then.
      await handle.write(bytes).catch(() => undefined);
      await handle.close();
    };
    const text = '[{"name": "a"}]\n'.repeat(20_000);
    const [read] = await Promise.all([readTextFile(fifo), write(Buffer.from(text))]);
    expect(read).toBe(text);
    const [refused] = await Promise.all([readTextFile(fifo, { maxBytes: 200_000 }).catch((reason: unknown) => reason), write(Buffer.alloc(1_000_000, 'a'))]);
    expect(refused).toMatchObject({ code: 'file-too-large', details: { maxBytes: 200_000 } });
  });

  it('names /dev/stdin when "-" is not a file', async () => {
    await expect(readTextFile('-', { cwd: folder, what: 'queries file' })).rejects.toMatchObject({
      code: 'file-not-found',
      message: 'queries file not found: - ("-" is a file name here; standard input is /dev/stdin)',
    });
    writeFileSync(join(folder, '-'), 'dash');
    await expect(readTextFile('-', { cwd: folder })).resolves.toBe('dash');
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
