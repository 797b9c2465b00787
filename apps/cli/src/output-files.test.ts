import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeContext } from './__fixtures__/fake-context.js';
import { runCli } from './run-cli.js';
import { CATALOG_SNAPSHOT_FILE } from './io/catalog-snapshot-file.js';
import { isReadyFileText } from '@loadout/mcp';

// Issue 34 item 1: `catalog pull --out` and `serve --ready-file` write only where the user meant.
// Every refusal is exit 2 [file-overwrite-refused] naming the file, with the file byte-identical
// and no temporary file left beside it.
const misbehaving = fileURLToPath(new URL('../../../packages/mcp/src/__fixtures__/misbehaving-server.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'loadout-output-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const servers = JSON.stringify({ mcpServers: { tools: { command: process.execPath, args: [misbehaving], env: { TOKEN: 'kept' } } } });
const catalog = JSON.stringify([{ name: 'get_forecast', description: 'Weather forecast' }]);

async function loadout(argv: readonly string[]): Promise<{ code: number; stderr: string }> {
  const run = fakeContext({ cwd: folder });
  const code = await runCli(argv, run.context);
  return { code, stderr: run.stderr() };
}

/** What guardOutputFile asks of an existing file's text (and its bytes). */
const recogniseSnapshot = (text: string): boolean => CATALOG_SNAPSHOT_FILE.recognise(text, new TextEncoder().encode(text));

function files(): string[] {
  return readdirSync(folder).sort();
}

describe('loadout catalog pull --out', () => {
  it('never overwrites the config it reads, even with --force', async () => {
    writeFileSync(join(folder, 'mcp.json'), servers);
    const before = files();
    for (const extra of [[], ['--force']]) {
      const outcome = await loadout(['catalog', 'pull', '--config', 'mcp.json', '--out', './mcp.json', ...extra]);
      expect(outcome).toMatchObject({ code: 2, stderr: expect.stringMatching(/^loadout catalog: \.\/mcp\.json is the file this command reads \(mcp\.json\).*\[file-overwrite-refused\]\n$/) });
      expect(readFileSync(join(folder, 'mcp.json'), 'utf8')).toBe(servers);
      expect(files()).toEqual(before);
    }
  });

  it('replaces a file that is not a snapshot only with --force, and an earlier snapshot always', async () => {
    writeFileSync(join(folder, 'mcp.json'), servers);
    writeFileSync(join(folder, 'tools.json'), catalog);
    const before = files();
    const refused = await loadout(['catalog', 'pull', '--config', 'mcp.json', '--out', 'tools.json']);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringMatching(/tools\.json exists and is not a catalog snapshot .*left unchanged: .*--force.*\[file-overwrite-refused\]\n$/) });
    expect(readFileSync(join(folder, 'tools.json'), 'utf8')).toBe(catalog);
    expect(files()).toEqual(before);
    expect((await loadout(['catalog', 'pull', '--config', 'mcp.json', '--out', 'tools.json', '--force'])).code).toBe(0);
    const snapshot = readFileSync(join(folder, 'tools.json'), 'utf8');
    expect(recogniseSnapshot(snapshot)).toBe(true);
    // An earlier snapshot is what --out is for: pulled again without --force.
    expect((await loadout(['catalog', 'pull', '--config', 'mcp.json', '--out', 'tools.json'])).code).toBe(0);
    expect(files()).toEqual(before);
  });

  it('recognises a snapshot, never a server config, a plain catalog or text', () => {
    expect(recogniseSnapshot('{"mcpServers": {"a": {"alwaysLoad": true}, "b": {}}, "tools": {"a": {"tools": []}}}')).toBe(true);
    expect(recogniseSnapshot(servers)).toBe(false);
    expect(recogniseSnapshot('{"mcpServers": {"a": {"command": "x"}}, "tools": {}}')).toBe(false);
    expect(recogniseSnapshot(catalog)).toBe(false);
    expect(recogniseSnapshot('{"mcpServers": {}, "tools": {}, "extra": 1}')).toBe(false);
    expect(recogniseSnapshot('notes')).toBe(false);
  });
});

describe('loadout serve --ready-file', () => {
  it('refuses a file that is not an earlier ready file before spawning any upstream', async () => {
    const marker = join(folder, 'spawned');
    writeFileSync(join(folder, 'marker.json'), JSON.stringify({ mcpServers: { s: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`] } } }));
    writeFileSync(join(folder, 'tools.json'), catalog);
    const before = files();
    const outcome = await loadout(['serve', '--config', 'marker.json', '--ready-file', 'tools.json']);
    expect(outcome).toMatchObject({ code: 2, stderr: expect.stringMatching(/^loadout serve: tools\.json exists and is not a ready file .*\[file-overwrite-refused\]\n$/) });
    expect(readFileSync(join(folder, 'tools.json'), 'utf8')).toBe(catalog);
    expect(files()).toEqual(before);
    expect(existsSync(marker)).toBe(false);
  });

  it('recognises what an earlier run wrote', () => {
    expect(isReadyFileText('stdio\n')).toBe(true);
    expect(isReadyFileText('http://127.0.0.1:8765/mcp\n')).toBe(true);
    expect(isReadyFileText('http://[::1]:9000/mcp')).toBe(true);
    expect(isReadyFileText(catalog)).toBe(false);
    expect(isReadyFileText('stdio\nmore\n')).toBe(false);
  });
});

describe('loadout index --out', () => {
  it('never replaces the catalog it reads, nor a file that is not an index; an earlier index always', async () => {
    writeFileSync(join(folder, 'tools.json'), catalog);
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    const before = files();
    const own = await loadout(['index', '--catalog', 'tools.json', '--out', './tools.json']);
    expect(own).toMatchObject({ code: 2, stderr: expect.stringMatching(/^loadout index: \.\/tools\.json is the file this command reads \(tools\.json\).*\[file-overwrite-refused\]\n$/) });
    const other = await loadout(['index', '--catalog', 'tools.json', '--out', 'notes.txt']);
    expect(other).toMatchObject({ code: 2, stderr: expect.stringMatching(/^loadout index: notes\.txt exists and is not an index .*left unchanged.*\[file-overwrite-refused\]\n$/) });
    expect(readFileSync(join(folder, 'tools.json'), 'utf8')).toBe(catalog);
    expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('mine');
    expect(files()).toEqual(before);
    expect(await loadout(['index', '--catalog', 'tools.json', '--out', 'tools.index'])).toMatchObject({ code: 0 });
    const first = readFileSync(join(folder, 'tools.index'));
    expect(first.subarray(0, 4).toString()).toBe('LDIX');
    expect(await loadout(['index', '--catalog', 'tools.json', '--out', 'tools.index'])).toMatchObject({ code: 0 });
    expect(readFileSync(join(folder, 'tools.index'))).toEqual(first);
    rmSync(join(folder, 'tools.index'));
  });
});

describe('an output path of "-"', () => {
  it('is refused, not written as a file named "-" (index --out, eval --report, catalog pull --out)', async () => {
    writeFileSync(join(folder, 'tools.json'), catalog);
    writeFileSync(join(folder, 'mcp.json'), servers);
    for (const argv of [
      ['index', '--catalog', 'tools.json', '--out', '-'],
      ['eval', '--report', '-'],
      ['catalog', 'pull', '--config', 'mcp.json', '--out', '-'],
    ]) {
      const outcome = await loadout(argv);
      expect(outcome).toMatchObject({ code: 2, stderr: expect.stringMatching(/"-" would be a file named "-": .* is written to a file, not to standard output; name a file \[invalid-option\]\n$/) });
    }
    expect(existsSync(join(folder, '-'))).toBe(false);
  });
});

describe('an output path that is not a regular file', () => {
  it('is never replaced by one: a symbolic link, a pipe (index --out, eval --report)', async () => {
    writeFileSync(join(folder, 'tools.json'), catalog);
    writeFileSync(join(folder, 'target.txt'), 'kept');
    symlinkSync(join(folder, 'target.txt'), join(folder, 'link.index'));
    execFileSync('mkfifo', [join(folder, 'pipe.html')]);
    for (const argv of [
      ['index', '--catalog', 'tools.json', '--out', 'link.index'],
      ['index', '--catalog', 'tools.json', '--out', 'pipe.html'],
      ['eval', '--report', 'link.index'],
      ['eval', '--report', 'pipe.html'],
    ]) {
      const outcome = await loadout(argv);
      expect(outcome).toMatchObject({ code: 2, stderr: expect.stringMatching(/ is (a symbolic link|not a regular file) .*left unchanged: name a regular file \[file-overwrite-refused\]\n$/) });
    }
    expect(lstatSync(join(folder, 'link.index')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(folder, 'pipe.html')).isFIFO()).toBe(true);
    expect(readFileSync(join(folder, 'target.txt'), 'utf8')).toBe('kept');
    for (const name of ['link.index', 'pipe.html', 'target.txt']) rmSync(join(folder, name));
  });
});
