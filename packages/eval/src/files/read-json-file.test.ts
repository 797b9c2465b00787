import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonFile } from './read-json-file.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-read-json-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'good.json'), '\ufeff{"a": [1]}');
writeFileSync(join(folder, 'bad.json'), '{\n  "token": "hunter2",,\n}');

describe('readJsonFile', () => {
  it('parses a JSON file relative to cwd', async () => {
    await expect(readJsonFile('good.json', { cwd: folder, invalidCode: 'config-invalid' })).resolves.toEqual({ a: [1] });
  });

  it('throws the caller\'s code with the line and column, under the label, never the text', async () => {
    const error = await readJsonFile('bad.json', { cwd: folder, invalidCode: 'config-invalid', label: '--config bad.json' }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'config-invalid', message: '--config bad.json is not valid JSON (line 2, column 22)', details: { source: 'bad.json', line: 2, column: 22 } });
    expect(JSON.stringify(error)).not.toContain('hunter2');
  });

  it('keeps the file codes of readTextFile', async () => {
    await expect(readJsonFile('none.json', { cwd: folder, invalidCode: 'config-invalid' })).rejects.toMatchObject({ code: 'file-not-found', message: 'no such file: none.json' });
  });
});
