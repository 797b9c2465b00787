import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { runCli } from '../run-cli.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-rankers-command-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const reverse = new URL('../../../../docs/examples/reverse-ranker.mjs', import.meta.url).href;

// Trial-plugins item 14 (decision 3449): one broken plug-in module (a ranker's or a mod file) made `loadout rankers` fail (exit 2), listing nothing.
describe('loadout rankers with a broken plug-in module', () => {
  writeFileSync(join(folder, 'good.mjs'), `import base from ${JSON.stringify(reverse)};\nexport default { ...base, name: 'good' };\n`);
  writeFileSync(join(folder, 'throws.mjs'), "throw new Error('no credentials');\n");
  writeFileSync(join(folder, 'other.mjs'), `import base from ${JSON.stringify(reverse)};\nexport default { ...base, name: 'other' };\n`);
  writeFileSync(join(folder, 'c.json'), JSON.stringify({ ranker: 'throws', rankerOptions: { depth: 2 }, rankers: { good: './good.mjs', throws: './throws.mjs', named: './other.mjs', gone: './gone.mjs' } }));

  it('lists the built-ins, the working one and each broken one with its error and code; a warning each; exit 0', async () => {
    const json = fakeContext({ cwd: folder });
    expect(await runCli(['rankers', '--json', '--config', 'c.json'], json.context)).toBe(0);
    const listed = JSON.parse(json.stdout()) as { default: string; rankers: { name: string; default: boolean; error?: { code: string; message: string } }[] };
    expect(listed.default).toBe('throws');
    expect(listed.rankers.map((ranker) => ranker.name)).toEqual(expect.arrayContaining(['bm25f', 'regex', 'good', 'throws', 'named', 'gone']));
    const byName = new Map(listed.rankers.map((ranker) => [ranker.name, ranker]));
    expect(byName.get('good')!.error).toBeUndefined();
    expect(Object.keys(byName.get('bm25f')!)).toEqual(['name', 'default', 'description', 'queryKind', 'capabilities', 'options']);
    expect(byName.get('throws')).toMatchObject({ default: true, error: { code: 'plugin-load-failed', message: expect.stringMatching(/rankers\.throws: .*throws\.mjs threw while loading: no credentials/) } });
    // Only what is known of a broken one: no description, query kind, capabilities or options that would read as its own.
    for (const name of ['throws', 'named', 'gone']) expect(Object.keys(byName.get(name)!), name).toEqual(['name', 'default', 'error']);
    expect(byName.get('gone')!.error!.message).toContain(join(folder, 'gone.mjs'));
    expect(byName.get('named')!.error).toMatchObject({ code: 'ranker-invalid', message: expect.stringMatching(/defines the ranker "other", not "named"/) });
    expect(byName.get('gone')!.error).toMatchObject({ code: 'plugin-not-found' });
    expect(json.stderr().trim().split('\n')).toEqual([
      expect.stringMatching(/^loadout rankers: warning: .*rankers\.throws: .*\[plugin-load-failed\]$/),
      expect.stringMatching(/^loadout rankers: warning: .*rankers\.named: .*\[ranker-invalid\]$/),
      expect.stringMatching(/^loadout rankers: warning: .*rankers\.gone: .*\[plugin-not-found\]$/),
    ]);
    const text = fakeContext({ cwd: folder });
    expect(await runCli(['rankers', '--config', 'c.json'], text.context)).toBe(0);
    expect(text.stdout()).toMatch(/\n\nthrows \(default\): not loaded: .*threw while loading: no credentials .*\[plugin-load-failed\]\n/);
    expect(text.stdout()).toMatch(/\n\ngood: shared words/);
  });

  it('leaves out a mod file that does not load, with a warning, and lists the rankers', async () => {
    writeFileSync(join(folder, 'mods.mjs'), "throw new Error('mods broken');\n");
    writeFileSync(join(folder, 'ok-mod.mjs'), "export default { name: 'ok', hooks: {} };\n");
    writeFileSync(join(folder, 'c-mods.json'), JSON.stringify({ plugins: ['./mods.mjs', './ok-mod.mjs'], rankers: { good: './good.mjs' } }));
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['rankers', '--config', 'c-mods.json'], run.context)).toBe(0);
    expect(run.stdout()).toMatch(/\n\ngood: shared words/);
    expect(run.stderr()).toMatch(/^loadout rankers: warning: .*plugins\[0\]: .*mods\.mjs threw while loading: mods broken \(got "\.\/mods\.mjs"\); its mods are left out \[plugin-load-failed\]\n$/);
    const search = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'x', '--config', 'c-mods.json'], search.context)).toBe(2);
    expect(search.stderr()).toMatch(/mods\.mjs threw while loading: mods broken .*\[plugin-load-failed\]\n$/);
  });

  it('search ranking with it still refuses it, exit 2', async () => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'x', '--config', 'c.json'], run.context)).toBe(2);
    expect(run.stderr()).toMatch(/rankers\.throws: .*threw while loading: no credentials .*\[plugin-load-failed\]\n$/);
  });
});
