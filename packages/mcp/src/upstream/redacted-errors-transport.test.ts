import type { Transport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { connectUpstream } from './connect-upstream.js';
import { withRedactedErrors } from './redacted-errors-transport.js';

const URL_IN_ERROR = 'https://user:hunter2@example.invalid/mcp?api_key=SECRETKEY';

/** A transport failing as the SDK's does when fetch refuses the URL: it reports the error to onerror, then throws it. */
function failingTransport(): Transport {
  const transport: Transport = {
    async start() {
      throw new TypeError(`Request cannot be constructed from a URL that includes credentials: ${URL_IN_ERROR}`);
    },
    async send() {
      const error = new Error(`Error POSTing to ${URL_IN_ERROR}`);
      transport.onerror?.(error);
      throw error;
    },
    async close() {},
  };
  return transport;
}

describe('withRedactedErrors (trial 3437)', () => {
  it('redacts the URL in what start and send throw and in what onerror is told, keeping the error class', async () => {
    const transport = withRedactedErrors(failingTransport());
    const told: string[] = [];
    transport.onerror = (error) => told.push(error.message);
    const started = await transport.start().catch((error: unknown) => error);
    expect(started).toBeInstanceOf(TypeError);
    expect((started as Error).message).toBe('Request cannot be constructed from a URL that includes credentials: https://***@example.invalid/mcp?api_key=***');
    const sent = await transport.send({ jsonrpc: '2.0', method: 'ping', id: 1 }).catch((error: unknown) => error);
    expect((sent as Error).message).toBe('Error POSTing to https://***@example.invalid/mcp?api_key=***');
    expect(told).toEqual(['Error POSTing to https://***@example.invalid/mcp?api_key=***']);
  });

  it('leaves onerror unset until someone sets it', () => {
    expect(withRedactedErrors(failingTransport()).onerror).toBeUndefined();
  });
});

describe('connecting to an HTTP upstream whose URL holds credentials (a config that skipped parseMcpConfig)', () => {
  it('fails with the URL redacted: no password, no query value (trial 3437)', async () => {
    const config = { type: 'http' as const, url: URL_IN_ERROR, headers: {}, alwaysLoad: false };
    const error = await connectUpstream(config, { timeoutMs: 5000 }).catch((reason: unknown) => reason);
    expect((error as Error).message).toContain('https://***@example.invalid/mcp?api_key=***');
    expect(JSON.stringify({ message: (error as Error).message, cause: String((error as Error).cause) })).not.toMatch(/hunter2|SECRETKEY/);
  });
});
