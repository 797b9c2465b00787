import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isLoadoutError } from '@loadout/core';
import type { TokenCounter } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { nodeUpstream, temporaryFolder, waitFor } from '../__fixtures__/upstream-servers.js';
import { parseMcpConfig } from '../config/parse-mcp-config.js';
import { createGateway } from './create-gateway.js';

// How the gateway starts: what it does before, while and after the upstreams boot.
const weather = fileURLToPath(new URL('../__fixtures__/weather-server.mjs', import.meta.url));
const folder = temporaryFolder('startup');
afterAll(() => folder.remove());

/** A stdio upstream that records its pid in `file` and then never speaks MCP. */
function recordingUpstream(file: string) {
  return nodeUpstream('-e', [`require('node:fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); setInterval(() => {}, 1000);`]);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('createGateway start-up', () => {
  it('rejects an unknown ranker name before spawning any upstream', async () => {
    const file = join(folder.path, 'unknown-ranker.pid');
    const config = parseMcpConfig({ mcpServers: { recorder: recordingUpstream(file) } });
    const error = await createGateway({ config, ranker: 'bm52f', logger: createMemoryLogger(), upstreamStderr: 'ignore' }).catch((reason: unknown) => reason);
    expect(isLoadoutError(error) && error.code).toBe('unknown-ranker');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(existsSync(file)).toBe(false);
  });

  it('a ranker that fails to build fails the gateway and stops the upstreams it spawned', async () => {
    const file = join(folder.path, 'failing-ranker.pid');
    const config = parseMcpConfig({ mcpServers: { recorder: recordingUpstream(file) } });
    const registry = createBuiltinRegistry().extend({
      rankers: [
        {
          specificationVersion: 'v1',
          name: 'broken',
          queryKind: 'keywords',
          create: async () => {
            // Fails only once the upstream is running, so the test sees it stopped.
            await waitFor(() => existsSync(file), 20_000, 'the upstream to start');
            throw new Error('broken ranker');
          },
        },
      ],
    });
    const error = await createGateway({ config, registry, ranker: 'broken', connectTimeoutMs: 500, logger: createMemoryLogger(), upstreamStderr: 'ignore' }).catch(
      (reason: unknown) => reason,
    );
    expect((error as Error).message).toBe('broken ranker');
    await waitFor(() => readFileSync(file, 'utf8').length > 0, 5000, 'the pid');
    const pid = Number(readFileSync(file, 'utf8'));
    await waitFor(() => !isRunning(pid), 10_000, 'the upstream to stop');
  });

  it('builds the token counter while the upstreams start: its first count comes before the first upstream is ready', async () => {
    const events: string[] = [];
    const counted: string[] = [];
    const tokenCounter: TokenCounter = {
      specificationVersion: 'v1',
      id: 'test/length',
      count(text) {
        if (counted.length === 0) events.push('first count');
        counted.push(text);
        return text.length;
      },
    };
    const logger = createMemoryLogger();
    const config = parseMcpConfig({ mcpServers: { weather: nodeUpstream(weather) } });
    const gateway = await createGateway({
      config,
      tokenCounter,
      logger: {
        ...logger,
        info(message) {
          if (message.includes('ready with')) events.push('upstream ready');
          logger.info(message);
        },
      },
      upstreamStderr: 'ignore',
    });
    try {
      expect(events.slice(0, 2)).toEqual(['first count', 'upstream ready']);
      expect(counted[0]).toBe('');
      expect(gateway.index.decision.deferrableTokens).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });
});
