import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { isRunning, nodeUpstream, temporaryFolder, waitFor } from '../__fixtures__/upstream-servers.js';
import { createGateway } from './create-gateway.js';

// An upstream that never answers `initialize` must not hold the others back (trial 3420: 20.9 s to the ready file).
const weather = fileURLToPath(new URL('../__fixtures__/weather-server.mjs', import.meta.url));

/** Never speaks MCP; records its pid in `file`. */
function hangingUpstream(file: string) {
  return nodeUpstream('-e', [`require('node:fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); setInterval(() => {}, 1000);`]);
}

/** The weather server, started only once `file` exists. */
function gatedWeather(file: string) {
  const script = `const fs = require('node:fs'); const timer = setInterval(() => { if (fs.existsSync(${JSON.stringify(file)})) { clearInterval(timer); import(${JSON.stringify(weather)}); } }, 20);`;
  return nodeUpstream('-e', [script]);
}

describe('start-up with an upstream that does not answer', () => {
  it('serves at once with startupWaitMs 0, names the upstreams still connecting, and indexes each when it answers', async () => {
    const folder = temporaryFolder('slow-upstream');
    const gate = join(folder.path, 'open');
    const logger = createMemoryLogger();
    const gateway = await createGateway({
      config: { mcpServers: { good: nodeUpstream(weather), late: gatedWeather(gate), hangs: hangingUpstream(join(folder.path, 'pid')) } },
      logger,
      upstreamStderr: 'ignore',
      startupWaitMs: 0,
      connectTimeoutMs: 120_000,
    }).catch((error: unknown) => {
      folder.remove();
      throw error;
    });
    const servers = () => new Set(gateway.catalog.tools.map((tool) => tool.server));
    try {
      expect(logger.has('info', /serving without upstreams .*"hangs" for now \(still connecting after 0 ms\): their tools join once ready/)).toBe(true);
      expect(servers().has('late')).toBe(false);
      // Each joins a new index generation once it answers (sessions are told with tools/list_changed).
      await waitFor(() => servers().has('good'), 60_000, 'the good upstream to join');
      expect(servers().has('late')).toBe(false);
      (await import('node:fs')).writeFileSync(gate, '');
      await waitFor(() => servers().has('late'), 60_000, 'the late upstream to join');
      expect((await gateway.search('weather forecast for a city', { limit: 10 })).map((hit) => hit.tool.server)).toContain('late');
      expect(gateway.upstreams().find((upstream) => upstream.name === 'hangs')?.state).toBe('connecting');
    } finally {
      await gateway.close();
      folder.remove();
    }
  }, 120_000);

  it('stops every upstream and rejects with cancelled when its signal aborts during start-up', async () => {
    const folder = temporaryFolder('cancelled-start');
    const pidFile = join(folder.path, 'pid');
    const controller = new AbortController();
    const { existsSync, readFileSync } = await import('node:fs');
    const starting = createGateway({
      config: { mcpServers: { good: nodeUpstream(weather), hangs: hangingUpstream(pidFile) } },
      logger: createMemoryLogger(),
      upstreamStderr: 'ignore',
      connectTimeoutMs: 120_000,
      signal: controller.signal,
    });
    try {
      // The version probe's sibling writes the file first; whichever process wrote it must be gone afterwards.
      await waitFor(() => existsSync(pidFile), 60_000, 'the hanging upstream to start');
      const pid = Number(readFileSync(pidFile, 'utf8'));
      controller.abort();
      await expect(starting).rejects.toMatchObject({ code: 'cancelled' });
      await waitFor(() => !isRunning(pid), 10_000, 'the hanging upstream to be stopped');
    } finally {
      folder.remove();
    }
  }, 120_000);
});
