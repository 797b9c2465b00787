import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { MISBEHAVING_SERVER, nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// #34: an upstream with a duplicate name and a 10,000-character one used to
// re-log both on every re-index (31,288 lines in 20 s). Each change is logged
// once, with a count of the unchanged re-indexes before it.
const logger = createMemoryLogger();
let gateway: Gateway;

beforeAll(async () => {
  gateway = await createGateway({ config: { mcpServers: { noisy: nodeUpstream(MISBEHAVING_SERVER) } }, logger, upstreamStderr: 'ignore' });
}, 30_000);

afterAll(async () => {
  await gateway?.close();
});

const warnings = (pattern: RegExp): string[] => logger.lines.filter((line) => line.startsWith('warn: ') && pattern.test(line));

describe('warnings about one upstream', () => {
  it('are logged once per change across re-indexes, with a count', async () => {
    const reindexed = async (action: () => Promise<unknown>): Promise<void> => {
      const before = gateway.index.version;
      await action();
      await waitFor(() => gateway.index.version > before, 10_000, 'a re-index');
    };
    await reindexed(() => gateway.callTool('mcp__noisy__add_tool', { name: 'echo_text', description: 'a second echo_text' }));
    await reindexed(() => gateway.callTool('mcp__noisy__add_tool', { name: 'n'.repeat(10_000) }));
    for (let index = 0; index < 5; index++) await reindexed(() => gateway.callTool('mcp__noisy__add_tool', { name: `fresh_${index}` }));
    expect(warnings(/echo_text/)).toHaveLength(1);
    expect(warnings(/n{50}/)).toHaveLength(1);
    await reindexed(() => gateway.callTool('mcp__noisy__add_tool', { name: 'pinned_status' }));
    const changed = warnings(/pinned_status.*\(5 re-indexes before this one repeated known warnings, not logged again\)/);
    expect(changed).toHaveLength(1);
    expect(warnings(/pinned_status/)).toHaveLength(1);
  }, 60_000);
});

describe('a tool whose definition crowds out the context', () => {
  it('is logged tool-too-large, naming it and its count', async () => {
    const large = createMemoryLogger();
    const small = await createGateway({
      config: { mcpServers: { noisy: nodeUpstream(MISBEHAVING_SERVER) } },
      logger: large,
      upstreamStderr: 'ignore',
      policy: { model: 'claude-sonnet-4-5', contextWindow: 2_000 },
    });
    try {
      const before = small.index.version;
      await small.callTool('mcp__noisy__add_tool', { name: 'dump_everything', description: 'every word of the manual '.repeat(100) });
      await waitFor(() => small.index.version > before, 10_000, 'a re-index');
      const lines = large.lines.filter((line) => line.startsWith('warn: ') && line.includes('[tool-too-large]'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/mcp__noisy__dump_everything's definition counts [\d,]+ tokens, over 200 \(10% of the 2,000-token context window\)/);
    } finally {
      await small.close();
    }
  }, 60_000);
});
