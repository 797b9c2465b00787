import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLoadoutError, loadCatalogText } from '@loadout/core';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeContext } from '../__fixtures__/fake-context.js';
import { catalogCommand } from './catalog-command.js';

// The misbehaving MCP server of @loadout/mcp's tests: 10 tools over 5 pages, 2 of them malformed.
const misbehaving = fileURLToPath(new URL('../../../../packages/mcp/src/__fixtures__/misbehaving-server.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'loadout-catalog-command-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeConfig(name: string, servers: Record<string, unknown>): string {
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify({ mcpServers: servers }));
  return path;
}

const good = { command: process.execPath, args: [misbehaving], alwaysLoad: true };
const missing = { command: join(folder, 'no-such-server') };

describe('loadout catalog pull', () => {
  it('writes a partial snapshot to --out only with --allow-partial, with progress and failures on stderr', async () => {
    const config = writeConfig('mcp.json', { tools: good, gone: missing });
    const { context, stdout, stderr } = fakeContext({ cwd: folder });
    expect(await catalogCommand.run(['pull', '--config', 'mcp.json', '--out', 'catalog.json'], context)).toBe(3);
    expect(stderr()).toMatch(/1 of 2 servers failed \(gone\); nothing written to catalog.json; pass --allow-partial .*\[catalog-pull-partial\]/);
    expect(existsSync(join(folder, 'catalog.json'))).toBe(false);
    expect(await catalogCommand.run(['pull', '--config', 'mcp.json', '--out', 'catalog.json', '--allow-partial'], context)).toBe(0);
    expect(stdout()).toBe('');
    expect(stderr()).toMatch(/catalog pull: tools: connecting/);
    expect(stderr()).toMatch(/catalog pull: tools: 10 tools, some left out \(below\)/);
    expect(stderr()).toMatch(/catalog pull: tools: skipped a malformed tool: tool 8 \("bad_schema_tool"\)/);
    expect(stderr()).toMatch(/catalog pull: gone: failed: .*ENOENT/);
    expect(stderr()).toMatch(/catalog pull: 10 tools from 1 of 2 servers written to catalog.json/);
    const catalog = loadCatalogText(readFileSync(join(folder, 'catalog.json'), 'utf8'));
    expect(catalog.tools).toHaveLength(10);
    expect(catalog.tools[0]?.displayName).toBe('mcp__tools__echo_text');
    expect(catalog.servers['tools']?.alwaysLoad).toBe(true);
    expect(config).toContain(folder);
  });

  it('writes a listing cut at 10,000 tools only with --allow-partial, calling it cut, not malformed', async () => {
    const crowded = { command: process.execPath, args: [misbehaving], env: { MISBEHAVE_TOOL_COUNT: '10000', MISBEHAVE_PAGE_SIZE: '2500' } };
    writeConfig('crowded.json', { crowded });
    const { context, stderr } = fakeContext({ cwd: folder });
    expect(await catalogCommand.run(['pull', '--config', 'crowded.json', '--out', 'crowded-tools.json'], context)).toBe(3);
    expect(stderr()).toMatch(/catalog pull: crowded: listing cut short: the last \d+ of 10,?\d{3} tools: at most 10000 per server \[mcp-tool-over-limit\]/);
    expect(stderr()).toMatch(/the listing of crowded was cut at a limit \(above\); nothing written to crowded-tools.json; pass --allow-partial .*\[catalog-pull-partial\]\n/);
    expect(stderr()).not.toMatch(/malformed tool: the last/);
    expect(existsSync(join(folder, 'crowded-tools.json'))).toBe(false);
    expect(await catalogCommand.run(['pull', '--config', 'crowded.json', '--out', 'crowded-tools.json', '--allow-partial'], context)).toBe(0);
    expect(loadCatalogText(readFileSync(join(folder, 'crowded-tools.json'), 'utf8'), { maxTools: 20_000 }).tools).toHaveLength(10_000);
  }, 60_000);

  it('reads the servers of a loadout.config.mjs, named or the folder\'s own once trusted, as serve does', async () => {
    const project = mkdtempSync(join(folder, 'project-'));
    const servers = { tools: { command: process.execPath, args: [misbehaving] } };
    writeFileSync(join(project, 'loadout.config.mjs'), `export default ${JSON.stringify({ mcpServers: servers })};\n`);
    const named = fakeContext({ cwd: project });
    expect(await catalogCommand.run(['pull', '--config', 'loadout.config.mjs'], named.context)).toBe(0);
    expect(Object.keys(JSON.parse(named.stdout()).tools)).toEqual(['tools']);
    // Unnamed, the folder's config runs code (and starts servers): refused until trusted.
    const env = { LOADOUT_CONFIG_HOME: join(project, 'trust') };
    const folderOwn = fakeContext({ cwd: project, env });
    await expect(catalogCommand.run(['pull'], folderOwn.context)).rejects.toMatchObject({ code: 'config-untrusted' });
    writeFileSync(join(project, 'no-servers.mjs'), 'export default { ranker: "bm25f" };\n');
    await expect(catalogCommand.run(['pull', '--config', 'no-servers.mjs'], named.context)).rejects.toMatchObject({ code: 'invalid-option', message: expect.stringMatching(/no "mcpServers" to pull from/) });
  });

  it('prints to stdout without --out', async () => {
    writeConfig('one.json', { tools: { command: process.execPath, args: [misbehaving] } });
    const { context, stdout } = fakeContext({ cwd: folder });
    expect(await catalogCommand.run(['pull', '--config', 'one.json'], context)).toBe(0);
    expect(Object.keys(JSON.parse(stdout()).tools)).toEqual(['tools']);
  });

  it('skips a server marked "disabled": true, as serve does: not started, not pulled, one line saying so (3468)', async () => {
    writeConfig('off.json', { tools: { command: process.execPath, args: [misbehaving] }, off: { ...missing, disabled: true } });
    const { context, stdout, stderr } = fakeContext({ cwd: folder });
    expect(await catalogCommand.run(['pull', '--config', 'off.json'], context)).toBe(0);
    expect(Object.keys(JSON.parse(stdout()).tools)).toEqual(['tools']);
    expect(stderr()).toContain('loadout catalog pull: off.json: server "off" is skipped: it is marked "disabled": true (not started, listed or callable)');
    expect(stderr()).not.toContain('unknown key');
  });

  it('says a server that exits at start exited, with its code and the last line of its stderr, not `Connection closed`', async () => {
    const downFile = join(folder, 'down');
    writeFileSync(downFile, '');
    writeConfig('down.json', { down: { command: process.execPath, args: [misbehaving], env: { MISBEHAVE_DOWN_FILE: downFile } } });
    const { context, stderr } = fakeContext({ cwd: folder });
    expect(await catalogCommand.run(['pull', '--config', 'down.json'], context)).toBe(1);
    expect(stderr()).toContain(
      'loadout catalog pull: down: failed: exited with code 3 before it answered; last line on its stderr: "misbehaving-server: down file present, refusing to start"\n',
    );
  });

  it('fails with exit 1 when no server could be listed', async () => {
    writeConfig('none.json', { gone: missing });
    const { context, stderr } = fakeContext({ cwd: folder });
    expect(await catalogCommand.run(['pull', '--config', 'none.json', '--timeout', '2000'], context)).toBe(1);
    expect(stderr()).toMatch(/no server could be listed \(gone\); nothing written to stdout \[catalog-pull-failed\]/);
  });

  it.each([
    [['pull'], /--config FILE is required/],
    [['push', '--config', 'x.json'], /expected "pull"/],
    [['pull', '--config', 'absent.json'], /no such file/],
    [['pull', '--config', 'broken.json'], /server "a": command must be a non-empty string/],
  ])('rejects %j with a coded error', async (argv, pattern) => {
    writeConfig('broken.json', { a: { args: [] } });
    const { context } = fakeContext({ cwd: folder });
    const error = await catalogCommand.run(argv, context).catch((reason: unknown) => reason);
    expect(isLoadoutError(error)).toBe(true);
    expect((error as Error).message).toMatch(pattern);
  });
});
