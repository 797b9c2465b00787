import { join } from 'node:path';
import { loadCatalogText } from '@loadout/core';
import { afterAll, describe, expect, it } from 'vitest';
import { MISBEHAVING_SERVER, nodeUpstream, referenceServerScript, temporaryFolder } from '../__fixtures__/upstream-servers.js';
import { parseMcpConfig } from '../config/parse-mcp-config.js';
import { pullCatalog, type PullProgress } from './pull-catalog.js';

const folder = temporaryFolder('pull');
afterAll(() => folder.remove());

describe('pullCatalog', () => {
  it('writes a snapshot parseCatalogText reads, reporting failing servers and malformed tools without failing', async () => {
    const config = parseMcpConfig({
      mcpServers: {
        memory: { ...nodeUpstream(referenceServerScript('server-memory'), [], { MEMORY_FILE_PATH: join(folder.path, 'memory.jsonl') }), alwaysLoad: true },
        filesystem: nodeUpstream(referenceServerScript('server-filesystem'), [folder.path]),
        bad: nodeUpstream(MISBEHAVING_SERVER),
        missing: { command: join(folder.path, 'no-such-server'), env: { SECRET: 'do-not-write-me' } },
      },
    });
    const events: PullProgress[] = [];
    const result = await pullCatalog(config, { onProgress: (event) => events.push(event) });

    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ server: 'missing' });
    expect(result.failures[0]?.error).toMatch(/ENOENT/);
    expect(result.skipped.map((entry) => entry.server)).toEqual(['bad', 'bad']);
    expect(result.skipped[0]?.problem).toMatch(/bad_schema_tool/);
    expect(Object.keys(result.snapshot.tools)).toEqual(['memory', 'filesystem', 'bad']);
    expect(result.snapshot.mcpServers).toEqual({ memory: { alwaysLoad: true }, filesystem: {}, bad: {}, missing: {} });

    const text = JSON.stringify(result.snapshot, null, 2);
    expect(text).not.toContain('do-not-write-me');
    const catalog = loadCatalogText(text, { source: 'pulled.json' });
    expect(catalog.issues).toEqual([]);
    const names = catalog.tools.map((tool) => tool.displayName);
    expect(names).toContain('mcp__memory__read_graph');
    expect(names).toContain('mcp__filesystem__read_text_file');
    expect(names).toContain('mcp__bad__pinned_status');
    expect(names.filter((name) => name.startsWith('mcp__bad__'))).toHaveLength(10);
    expect(catalog.servers['memory']?.alwaysLoad).toBe(true);
    expect(catalog.tools.find((tool) => tool.name === 'pinned_status')?.alwaysLoad).toBe(true);

    for (const server of ['memory', 'filesystem', 'bad', 'missing']) expect(events).toContainEqual({ server, step: 'connecting' });
    expect(events).toContainEqual({ server: 'bad', step: 'listed', tools: 10, skipped: 2 });
    expect(events.find((event) => event.server === 'missing' && event.step === 'failed')).toBeDefined();
  });
});
