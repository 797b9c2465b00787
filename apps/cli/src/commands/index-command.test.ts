import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '@loadout/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { runCli } from '../run-cli.js';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function scratch(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'loadout-index-'));
  folders.push(folder);
  await writeFile(
    join(folder, 'tools.json'),
    JSON.stringify([{ name: 'send_email', description: 'Send an email' }, { name: 'get_weather', description: 'Weather forecast for a city' }, { nope: 1 }]),
  );
  return folder;
}

describe('loadout index', () => {
  it('writes the catalog and its BM25F index as one file that an engine loads instead of building', async () => {
    const folder = await scratch();
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['index', '--catalog', 'tools.json', '--out', 'tools.index'], run.context)).toBe(0);
    expect(run.stderr()).toBe(
      'loadout index: warning: tools.json: tool at index 2 has no name (got undefined) [catalog-missing-name]\n' +
        'loadout index: 2 tools from tools.json indexed into tools.index (0.4 kB); 1 entry skipped (the warnings above)\n',
    );
    const bytes = new Uint8Array(await readFile(join(folder, 'tools.index')));
    const engine = createEngine({ indexStore: null, tokenizer: 'approximate' });
    const loaded = await engine.loadCatalog(bytes);
    expect(loaded.tools.map((tool) => tool.name)).toEqual(['send_email', 'get_weather']);
    const result = await engine.search('weather in Paris');
    expect([result.indexSource, result.hits[0]?.tool.name]).toEqual(['restored', 'get_weather']);
    engine.dispose();
  });

  it('says that browsers refuse an index over their 10,000-tool limit unless the page raises max-tools', async () => {
    const folder = await scratch();
    await writeFile(join(folder, 'big.json'), JSON.stringify(Array.from({ length: 10_001 }, (_, index) => ({ name: `tool_${index}`, description: 'A tool' }))));
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['index', '--catalog', 'big.json', '--out', 'big.index', '--max-tools', '20000'], run.context)).toBe(0);
    expect(run.stderr()).toMatch(
      /^loadout index: 10,001 tools from big\.json indexed into big\.index \([\d.]+ kB\)\nloadout index: browsers refuse an index of more than 10,000 tools unless the page raises the limit: <loadout-search max-tools="10001">, or loadCatalog's maxTools\n$/,
    );
    const small = fakeContext({ cwd: folder });
    expect(await runCli(['index', '--catalog', 'tools.json', '--out', 'tools.index', '--max-tools', '20000'], small.context)).toBe(0);
    expect(small.stderr()).not.toMatch(/browsers refuse/);
  });

  it('an index given where a catalog goes is named as one (file-not-text)', async () => {
    const folder = await scratch();
    expect(await runCli(['index', '--catalog', 'tools.json', '--out', 'tools.index'], fakeContext({ cwd: folder }).context)).toBe(0);
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'weather', '--catalog', 'tools.index'], run.context)).toBe(2);
    expect(run.stderr()).toBe('loadout search: tools.index is an index (what loadout index writes, for a browser page), not a catalog: name the catalog it was built from [file-not-text]\n');
  });

  it('names what is missing and writes nothing: no --out, a missing catalog', async () => {
    const folder = await scratch();
    const noOut = fakeContext({ cwd: folder });
    expect(await runCli(['index', '--catalog', 'tools.json'], noOut.context)).toBe(2);
    expect(noOut.stderr()).toMatch(/--catalog FILE and --out FILE are required.*\[invalid-option\]\n$/);
    const missing = fakeContext({ cwd: folder });
    expect(await runCli(['index', '--catalog', 'nope.json', '--out', 'x.index'], missing.context)).toBe(2);
    expect(missing.stderr()).toBe('loadout index: no such file: nope.json [file-not-found]\n');
    await expect(readFile(join(folder, 'x.index'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
