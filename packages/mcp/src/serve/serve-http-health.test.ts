import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { createGateway } from '../gateway/create-gateway.js';
import type { Gateway } from '../gateway/gateway.js';
import { serveHttp } from './serve-http.js';

describe('GET /healthz', () => {
  it('answers 503 starting while the gateway starts (MCP requests get 503 with Retry-After), then 200 with what it serves', async () => {
    const logger = createMemoryLogger();
    let ready: (gateway: Gateway) => void = () => {};
    const starting = new Promise<Gateway>((resolve) => (ready = resolve));
    const served = await serveHttp(starting, { logger, token: 'a-long-enough-token' });
    try {
      const health = new URL('/healthz', served.url).href;
      const early = await fetch(health);
      expect(early.status).toBe(503);
      expect(await early.json()).toEqual({ status: 'starting' });
      const mcp = await fetch(served.url, {
        method: 'POST',
        headers: { authorization: 'Bearer a-long-enough-token', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{}',
      });
      expect(mcp.status).toBe(503);
      expect(mcp.headers.get('retry-after')).toBe('1');

      ready(await createGateway({ config: { mcpServers: {} }, logger }));
      await new Promise((resolve) => setImmediate(resolve));
      // No token needed: it names nothing a client could use.
      const later = await fetch(health);
      expect(later.status).toBe(200);
      expect(await later.json()).toEqual({ status: 'serving', upstreams: { ready: 0, total: 0 }, tools: 0, generation: 0 });
      expect((await fetch(health, { method: 'HEAD' })).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});
