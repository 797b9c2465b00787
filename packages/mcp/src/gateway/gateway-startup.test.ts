import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { CatalogTool, TokenCounter } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { isRunning, nodeUpstream, temporaryFolder, waitFor } from '../__fixtures__/upstream-servers.js';
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

/** A stdio upstream that records its pid in `file`, answers `initialize` and then never answers `tools/list`. */
function silentListingUpstream(file: string) {
  const script = `require('node:fs').writeFileSync(${JSON.stringify(file)}, String(process.pid));
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'initialize') {
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'silent', version: '1' } } }) + '\\n');
  }
});
setInterval(() => {}, 1000);`;
  return nodeUpstream('-e', [script]);
}

/** A registry whose ranker `broken` fails to build ("broken ranker") once `beforeThrow` resolves. */
function brokenRankerRegistry(beforeThrow: () => Promise<unknown>) {
  return createBuiltinRegistry().extend({
    rankers: [
      {
        specificationVersion: 'v1',
        name: 'broken',
        queryKind: 'keywords',
        create: async () => {
          await beforeThrow();
          throw new Error('broken ranker');
        },
      },
    ],
  });
}

/** A registry whose ranker `broken-index` is made fine but throws when it indexes. */
function failingIndexRegistry() {
  return createBuiltinRegistry().extend({
    rankers: [
      {
        specificationVersion: 'v1',
        name: 'broken-index',
        queryKind: 'keywords',
        create: () => ({
          specificationVersion: 'v1',
          name: 'broken-index',
          size: 0,
          queryKind: 'keywords',
          index: () => {
            throw new Error('cannot index');
          },
          add: () => {},
          remove: () => {},
          search: () => [],
        }),
      },
    ],
  });
}

/** A registry whose ranker `failing-plug-in` fails its first `failures` indexes with `ranker-failed`, as a sandboxed plug-in does. */
function failingPlugInRegistry(failures: number) {
  let failed = 0;
  return createBuiltinRegistry().extend({
    rankers: [
      {
        specificationVersion: 'v1',
        name: 'failing-plug-in',
        queryKind: 'keywords',
        create: () => {
          let tools: readonly CatalogTool[] = [];
          return {
            specificationVersion: 'v1',
            name: 'failing-plug-in',
            get size() {
              return tools.length;
            },
            index: (next) => {
              if (failed++ < failures) throw createLoadoutError('ranker-failed', `ranker "failing-plug-in" failed while indexing: attempt ${failed}`, { ranker: 'failing-plug-in' });
              tools = next;
            },
            add: () => {},
            remove: () => {},
            search: (_query, options = {}) => tools.filter((tool) => options.filter?.(tool) ?? true).slice(0, 1).map((tool) => ({ tool, score: 1 })),
          };
        },
      },
    ],
  });
}

/** A gateway over the weather fixture whose logger calls `onReady` when the upstream reports it is ready. */
function weatherGateway(tokenCounter: TokenCounter | Promise<TokenCounter>, onReady: () => void) {
  const logger = createMemoryLogger();
  return createGateway({
    config: parseMcpConfig({ mcpServers: { weather: nodeUpstream(weather) } }),
    tokenCounter,
    logger: {
      ...logger,
      info(message) {
        if (message.includes('ready with')) onReady();
        logger.info(message);
      },
    },
    upstreamStderr: 'ignore',
  });
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
    // Fails only once the upstream is running, so the test sees it stopped.
    const registry = brokenRankerRegistry(() => waitFor(() => existsSync(file), 20_000, 'the upstream to start'));
    const error = await createGateway({ config, registry, ranker: 'broken', connectTimeoutMs: 500, logger: createMemoryLogger(), upstreamStderr: 'ignore' }).catch(
      (reason: unknown) => reason,
    );
    expect((error as Error).message).toBe('broken ranker');
    await waitFor(() => readFileSync(file, 'utf8').length > 0, 5000, 'the pid');
    const pid = Number(readFileSync(file, 'utf8'));
    await waitFor(() => !isRunning(pid), 10_000, 'the upstream to stop');
  });

  it('a ranker that throws after spawning stops an upstream still waiting for tools/list at once, not after the connect timeout', async () => {
    const file = join(folder.path, 'silent-listing.pid');
    const config = parseMcpConfig({ mcpServers: { silent: silentListingUpstream(file) } });
    const registry = brokenRankerRegistry(async () => {
      await waitFor(() => existsSync(file) && readFileSync(file, 'utf8').length > 0, 20_000, 'the upstream to start');
      // Time for the handshake, so the upstream is waiting for its tools/list answer.
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    const began = Date.now();
    const error = await createGateway({ config, registry, ranker: 'broken', connectTimeoutMs: 60_000, logger: createMemoryLogger(), upstreamStderr: 'ignore' }).catch(
      (reason: unknown) => reason,
    );
    expect((error as Error).message).toBe('broken ranker');
    expect(Date.now() - began).toBeLessThan(30_000);
    const pid = Number(readFileSync(file, 'utf8'));
    await waitFor(() => !isRunning(pid), 10_000, 'the upstream to stop');
  }, 40_000);

  it('a first index that throws fails the gateway, closes the upstreams and stops their reconnecting', async () => {
    const file = join(folder.path, 'failing-index.pid');
    const config = parseMcpConfig({ mcpServers: { recorder: recordingUpstream(file) } });
    const error = await createGateway({
      config,
      registry: failingIndexRegistry(),
      ranker: 'broken-index',
      connectTimeoutMs: 300,
      reconnect: { initialMs: 50, maxMs: 50 },
      logger: createMemoryLogger(),
      upstreamStderr: 'ignore',
    }).catch((reason: unknown) => reason);
    expect((error as Error).message).toBe('cannot index');
    await waitFor(() => existsSync(file) && readFileSync(file, 'utf8').length > 0, 5000, 'the pid');
    const pid = readFileSync(file, 'utf8');
    // A reconnect would spawn a new process and write a new pid within about 50 ms.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(readFileSync(file, 'utf8')).toBe(pid);
    await waitFor(() => !isRunning(Number(pid)), 10_000, 'the upstream to stop');
  });

  it("a first index that fails with the ranker's own failure (ranker-failed) is served: searches answer the error and index again", async () => {
    const logger = createMemoryLogger();
    const gateway = await createGateway({
      config: parseMcpConfig({ mcpServers: { weather: nodeUpstream(weather) } }),
      registry: failingPlugInRegistry(2),
      ranker: 'failing-plug-in',
      logger,
      upstreamStderr: 'ignore',
    });
    try {
      expect(logger.lines.join('\n')).toContain('ranker "failing-plug-in" failed while indexing: attempt 1 [ranker-failed]; search_tools answers with this error');
      // Not said to be indexed when it is not.
      expect(logger.lines.join('\n')).toMatch(/listed \d+ tools from 1 of 1 upstream servers; not indexed \(the error above\): each search tries again/);
      expect(logger.lines.join('\n')).not.toMatch(/indexed \d+ tools/);
      expect(gateway.index.indexFailed).toBe(true);
      expect(await gateway.answer({ query: 'forecast' })).toMatchObject({ ok: false, code: 'ranker-failed', message: 'ranker "failing-plug-in" failed while indexing: attempt 2' });
      expect(await gateway.answer({ query: 'forecast' })).toMatchObject({ ok: true });
    } finally {
      await gateway.close();
    }
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
    const gateway = await weatherGateway(tokenCounter, () => events.push('upstream ready'));
    try {
      expect(events.slice(0, 2)).toEqual(['first count', 'upstream ready']);
      expect(counted[0]).toBe('');
      expect(gateway.index.decision.deferrableTokens).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });

  it('takes the token counter as a promise, awaited only after spawning: here it arrives once the upstream already answered', async () => {
    let ready = false;
    const counted: string[] = [];
    const tokenCounter: Promise<TokenCounter> = (async () => {
      await waitFor(() => ready, 20_000, 'the upstream to be ready');
      return { specificationVersion: 'v1', id: 'test/length', count: (text: string) => (counted.push(text), text.length) };
    })();
    const gateway = await weatherGateway(tokenCounter, () => {
      ready = true;
    });
    try {
      // The promised counter warmed up first, then counted the definitions the policy weighs.
      expect(counted[0]).toBe('');
      expect(counted.length).toBeGreaterThan(1);
      expect(gateway.index.decision.deferrableTokens).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });

  it('a token counter promise that rejects fails the gateway and stops the upstreams it spawned', async () => {
    const file = join(folder.path, 'failing-counter.pid');
    const config = parseMcpConfig({ mcpServers: { recorder: recordingUpstream(file) } });
    const tokenCounter = (async (): Promise<TokenCounter> => {
      await waitFor(() => existsSync(file) && readFileSync(file, 'utf8').length > 0, 20_000, 'the upstream to start');
      throw new Error('no counter');
    })();
    const error = await createGateway({ config, tokenCounter, connectTimeoutMs: 60_000, logger: createMemoryLogger(), upstreamStderr: 'ignore' }).catch(
      (reason: unknown) => reason,
    );
    expect((error as Error).message).toBe('no counter');
    const pid = Number(readFileSync(file, 'utf8'));
    await waitFor(() => !isRunning(pid), 10_000, 'the upstream to stop');
  }, 40_000);
});

describe('createGateway with a token counter promise and a bad option', () => {
  it.each([
    ['an unknown ranker', { ranker: 'bm52f' }, 'unknown-ranker'],
    ['a limit out of range', { limit: 0 }, 'invalid-option'],
  ] as const)('%s fails with its own code, and the counter rejecting later is not an unhandled rejection', async (_, bad, code) => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      let reject: (reason: Error) => void = () => {};
      const tokenCounter = new Promise<TokenCounter>((_resolve, rejectWith) => {
        reject = rejectWith;
      });
      const config = parseMcpConfig({ mcpServers: {} });
      const error = await createGateway({ config, tokenCounter, logger: createMemoryLogger(), ...bad }).catch((reason: unknown) => reason);
      expect(isLoadoutError(error) && error.code).toBe(code);
      // The CLI's counter is still loading when an option fails; here its import fails afterwards.
      reject(new Error('no counter'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
