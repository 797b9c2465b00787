import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { temporaryFolder } from '../__fixtures__/upstream-servers.js';
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
});
