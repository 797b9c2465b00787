import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMcpConfig } from './read-mcp-config.js';

const folder = mkdtempSync(join(tmpdir(), 'loadout-read-mcp-config-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const file = (name: string, contents: string | Buffer): string => {
  const path = join(folder, name);
  writeFileSync(path, contents);
  return path;
};

describe('readMcpConfig', () => {
  it('reads an mcpServers file saved with a byte-order mark', async () => {
    const path = file('bom.json', '\ufeff{"mcpServers": {"files": {"command": "node", "args": ["server.js"]}}}');
    const config = await readMcpConfig(path);
    expect(Object.keys(config.mcpServers)).toEqual(['files']);
  });

  it('names a missing file, a folder and a UTF-16 file with the shared file codes', async () => {
    await expect(readMcpConfig(join(folder, 'none.json'))).rejects.toMatchObject({ code: 'file-not-found', message: `no such file: ${join(folder, 'none.json')}` });
    await expect(readMcpConfig(folder)).rejects.toMatchObject({ code: 'file-unreadable', message: `cannot read ${folder}: it is a folder, not a file` });
    const wide = file('wide.json', Buffer.from('{"mcpServers": {}}', 'utf16le'));
    await expect(readMcpConfig(wide)).rejects.toMatchObject({ code: 'file-not-text', details: { encoding: 'utf-16le' } });
  });

  it('reports broken JSON by place, never by its text', async () => {
    const path = file('broken.json', '{"mcpServers": {"a": {"env": {"TOKEN": "hunter2"}}\n');
    const error = await readMcpConfig(path).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'mcp-invalid-config', message: expect.stringMatching(/is not valid JSON \(line \d+, column \d+\)$/) });
    expect(JSON.stringify(error)).not.toContain('hunter2');
  });
});
