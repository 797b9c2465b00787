import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createBuiltinRegistry } from '@loadout/rankers';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { nodeUpstream, waitFor } from '../__fixtures__/upstream-servers.js';
import { parseMcpConfig } from '../config/parse-mcp-config.js';
import { createGateway } from './create-gateway.js';
import type { Gateway } from './gateway.js';

// Trial finding 3: server-everything announces tools/list_changed right after initialize with the same tools;
// each announcement built a new generation, so a plug-in ranker started again (and bm25f stood in meanwhile).
const weather = fileURLToPath(new URL('../__fixtures__/weather-server.mjs', import.meta.url));
const open: Gateway[] = [];
afterEach(async () => {
  for (const gateway of open.splice(0)) await gateway.close();
});

describe('an upstream that announces a change of its tools', () => {
  it('with the same tools makes no new generation and no new ranker; with a new tool it does', async () => {
    const logger = createMemoryLogger();
    let rankers = 0;
    const gateway = await createGateway({
      config: parseMcpConfig({ mcpServers: { weather: nodeUpstream(weather) } }),
      logger,
      upstreamStderr: 'ignore',
      ranker: () => {
        rankers += 1;
        return createBuiltinRegistry().ranker('bm25f').create({});
      },
    });
    open.push(gateway);
    // Start-up makes one to check the ranker early, and the first generation's.
    const started = rankers;
    // add_tools with count 0 announces list_changed, and the list it gives again is the same.
    await gateway.callTool('add_tools', { count: 0 });
    await waitFor(() => logger.has('debug', /upstream "weather": its 4 tools are unchanged; no re-index/), 5000, 'the unchanged re-list');
    await gateway.settled();
    expect(gateway.index.version).toBe(0);
    expect(rankers).toBe(started);
    await gateway.callTool('add_tools', { count: 1 });
    await waitFor(() => gateway.findTool('mcp__weather__station_4') !== undefined, 5000, 'the new tool');
    expect(gateway.index.version).toBe(1);
    expect(rankers).toBe(started + 1);
  });
});
