import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readModsFile } from './read-mods-file.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-read-mods-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'broken.json'), '[{"plugin": "hunter2",\n');
writeFileSync(join(folder, 'object.json'), '{"apiKey": "hunter2"}');
writeFileSync(join(folder, 'mods.json'), '[{"plugin": "team", "rules": [{"server": "github", "isDeferred": false}]}]');

describe('readModsFile', () => {
  it('reads an array of declarative mods', async () => {
    await expect(readModsFile('mods.json', folder)).resolves.toEqual([{ plugin: 'team', rules: [{ server: 'github', isDeferred: false }] }]);
  });

  it('reports broken JSON as mod-invalid naming the path and the place, never the text', async () => {
    const error = await readModsFile('broken.json', folder).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'mod-invalid', message: '--mods broken.json is not valid JSON (line 2, column 1)', details: { source: 'broken.json', line: 2 } });
    expect(JSON.stringify(error)).not.toContain('hunter2');
  });

  it('reports a value that is not an array as mod-invalid by its shape only', async () => {
    const error = await readModsFile('object.json', folder).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'mod-invalid', message: expect.stringMatching(/^--mods object\.json: expected an array .*got an object with key "apiKey"$/) });
    expect(JSON.stringify(error)).not.toContain('hunter2');
  });

  it('keeps the file codes of a missing file', async () => {
    await expect(readModsFile('none.json', folder)).rejects.toMatchObject({ code: 'file-not-found' });
  });
});
