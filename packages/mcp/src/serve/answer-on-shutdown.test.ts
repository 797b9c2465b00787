import { describe, expect, it } from 'vitest';
import { answerOnShutdown } from './answer-on-shutdown.js';

const never = (): Promise<Response> => new Promise(() => {});

describe('answerOnShutdown', () => {
  it('answers a request still waiting with the gateway-shutting-down error of its id, in band (HTTP 200)', async () => {
    const handler = answerOnShutdown<{ parsedBody?: unknown }>({ fetch: never });
    const answer = handler.fetch(new Request('http://gateway.invalid/mcp'), { parsedBody: { jsonrpc: '2.0', id: 'a', method: 'tools/call' } });
    handler.shutDown();
    const response = await answer;
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: 'a', error: { code: -32000, data: { code: 'gateway-shutting-down' } } });
  });

  it('ends an SSE answer still streaming with the error as its last event, and passes a complete answer unchanged', async () => {
    const encoder = new TextEncoder();
    let streamed: ReadableStreamDefaultController<Uint8Array> | undefined;
    const sse = new ReadableStream<Uint8Array>({ start: (controller) => void (streamed = controller) });
    const handler = answerOnShutdown<{ parsedBody?: unknown }>({
      fetch: async (request) =>
        request.url.endsWith('sse') ? new Response(sse, { headers: { 'content-type': 'text/event-stream' } }) : Response.json({ jsonrpc: '2.0', id: 2, result: {} }),
    });
    const streaming = await handler.fetch(new Request('http://gateway.invalid/sse'), { parsedBody: { jsonrpc: '2.0', id: 1, method: 'tools/call' } });
    const complete = await handler.fetch(new Request('http://gateway.invalid/json'), { parsedBody: { jsonrpc: '2.0', id: 2, method: 'ping' } });
    streamed!.enqueue(encoder.encode('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress"}\n\n'));
    const reading = streaming.text();
    await new Promise((resolve) => setImmediate(resolve));
    handler.shutDown();
    const events = (await reading).split('\n\n').filter((event) => event.length > 0);
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[1]!.replace('event: message\ndata: ', ''))).toMatchObject({ id: 1, error: { data: { code: 'gateway-shutting-down' } } });
    expect(await complete.json()).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });

  it('adds no second reply to an SSE answer that already carried its result', async () => {
    const encoder = new TextEncoder();
    let streamed: ReadableStreamDefaultController<Uint8Array> | undefined;
    const sse = new ReadableStream<Uint8Array>({ start: (controller) => void (streamed = controller) });
    const handler = answerOnShutdown<{ parsedBody?: unknown }>({ fetch: async () => new Response(sse, { headers: { 'content-type': 'text/event-stream' } }) });
    const streaming = await handler.fetch(new Request('http://gateway.invalid/mcp'), { parsedBody: { jsonrpc: '2.0', id: 1, method: 'tools/call' } });
    streamed!.enqueue(encoder.encode('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[]}}\n\n'));
    const reading = streaming.text();
    await new Promise((resolve) => setImmediate(resolve));
    handler.shutDown();
    expect(await reading).toBe('event: message\ndata: {"jsonrpc":"2.0","id":1,"result":{"content":[]}}\n\n');
  });
});
