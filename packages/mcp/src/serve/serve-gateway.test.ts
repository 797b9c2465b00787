import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { isRunning, nodeUpstream, temporaryFolder, waitFor } from '../__fixtures__/upstream-servers.js';
import { listDescendants } from '../upstream/process-tree.js';
import { serveGateway } from './serve-gateway.js';

const folder = temporaryFolder('serve-gateway');
afterAll(folder.remove);
const empty = { config: { mcpServers: {} } } as const;

function stopper(): { stop: () => void; shutdown: () => Promise<void> } {
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  return { stop, shutdown: () => stopped };
}

describe('serveGateway', () => {
  it('serves HTTP with /healthz, writes the ready file once serving, and closes on shutdown', async () => {
    const logger = createMemoryLogger();
    const { stop, shutdown } = stopper();
    const served = await serveGateway({ gateway: { ...empty, logger }, http: { port: 0 }, readyFile: 'ready.txt', cwd: folder.path, shutdown, logger });
    expect(readFileSync(join(folder.path, 'ready.txt'), 'utf8')).toBe(`${served.endpoint}\n`);
    const health = await fetch(new URL('/healthz', served.endpoint));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'serving', upstreams: { ready: 0, total: 0 } });
    stop();
    await served.stopped;
    expect(logger.has('info', /shutting down/)).toBe(true);
    await expect(fetch(served.endpoint)).rejects.toThrow();
    expect(existsSync(join(folder.path, 'ready.txt'))).toBe(false);
  });

  it('serves stdio until the client goes, and writes "stdio" to the ready file', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const logger = createMemoryLogger();
    const served = await serveGateway({ gateway: { ...empty, logger }, stdin, stdout, readyFile: 'stdio-ready.txt', cwd: folder.path, shutdown: () => new Promise(() => {}), logger });
    expect(served.endpoint).toBe('stdio');
    expect(readFileSync(join(folder.path, 'stdio-ready.txt'), 'utf8')).toBe('stdio\n');
    // Another run has since written its endpoint: that file is not this gateway's to remove.
    writeFileSync(join(folder.path, 'stdio-ready.txt'), 'http://127.0.0.1:1/mcp\n');
    stdin.end();
    await served.stopped;
    expect(logger.has('info', /serving MCP over stdio/)).toBe(true);
    expect(readFileSync(join(folder.path, 'stdio-ready.txt'), 'utf8')).toBe('http://127.0.0.1:1/mcp\n');
  });

  it('refuses a busy port with address-in-use before starting the gateway', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    let started = false;
    try {
      const failure = serveGateway({
        gateway: async () => {
          started = true;
          throw new Error('never reached');
        },
        http: { port },
        logger: createMemoryLogger(),
      });
      await expect(failure).rejects.toMatchObject({ code: 'address-in-use' });
      expect(started).toBe(false);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('refuses a ready file that is not an earlier ready file, leaving it unchanged and starting nothing', async () => {
    writeFileSync(join(folder.path, 'tools.json'), '[]');
    let started = false;
    const failure = serveGateway({
      gateway: async () => {
        started = true;
        throw new Error('never reached');
      },
      readyFile: 'tools.json',
      cwd: folder.path,
      logger: createMemoryLogger(),
    });
    await expect(failure).rejects.toMatchObject({ code: 'file-overwrite-refused' });
    await expect(serveGateway({ gateway: empty, readyFile: 'missing/ready.txt', cwd: folder.path })).rejects.toMatchObject({
      code: 'file-unwritable',
      message: 'cannot write missing/ready.txt: ENOENT',
    });
    expect(readFileSync(join(folder.path, 'tools.json'), 'utf8')).toBe('[]');
    expect(started).toBe(false);
    expect(existsSync(join(folder.path, 'missing'))).toBe(false);
  });

  it('a shutdown while the upstreams start stops them and rejects with cancelled (trial 3420)', async () => {
    const pidFile = join(folder.path, 'hanging.pid');
    const { stop, shutdown } = stopper();
    const logger = createMemoryLogger();
    const script = `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`;
    const starting = serveGateway({
      gateway: { config: { mcpServers: { hangs: nodeUpstream('-e', [script]) } }, logger, upstreamStderr: 'ignore', connectTimeoutMs: 120_000 },
      http: { port: 0 },
      shutdown,
      logger,
    });
    await waitFor(() => existsSync(pidFile), 60_000, 'the hanging upstream to start');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    stop();
    await expect(starting).rejects.toMatchObject({ code: 'cancelled' });
    expect(logger.has('info', /shutting down \(while starting\)/)).toBe(true);
    await waitFor(() => !isRunning(pid), 10_000, 'the hanging upstream to be stopped');
  }, 90_000);

  it.skipIf(process.platform !== 'linux')('shuts down within its deadline, stopping a wrapper upstream and its child, without reconnect warnings (trial 3420)', async () => {
    const marker = `${800 + Math.floor(Math.random() * 99)}`;
    const sleepers = () =>
      listDescendants(process.pid).filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() === `sleep ${marker}`;
        } catch {
          return false;
        }
      });
    const { stop, shutdown } = stopper();
    const logger = createMemoryLogger();
    const served = await serveGateway({
      gateway: {
        config: { mcpServers: { wrapper: { type: 'stdio', command: 'sh', args: ['-c', `sleep ${marker}; true`], env: {}, alwaysLoad: false } } },
        logger,
        upstreamStderr: 'ignore',
        connectTimeoutMs: 120_000,
        startupWaitMs: 0,
      },
      http: { port: 0 },
      shutdown,
      logger,
    });
    await waitFor(() => sleepers().length > 0, 60_000, 'the wrapper to start its child');
    const children = sleepers();
    stop();
    await served.stopped;
    expect(logger.has('warn', /shutdown did not finish/)).toBe(false);
    for (const pid of children) expect(isRunning(pid) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z')).toBe(false);
    expect(logger.lines.filter((line) => /retrying in/.test(line))).toEqual([]);
  }, 90_000);
});
