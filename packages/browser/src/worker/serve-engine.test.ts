import { afterEach, describe, it, expect } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { createEngine } from '../engine/create-engine.js';
import type { MessageEndpoint } from './endpoints.js';
import type { EngineResponse } from './protocol.js';
import { serveEngine } from './serve-engine.js';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close();
    channel.port2.close();
  }
});

/** The engine served on one port; the test speaks the raw protocol on the other. */
function raw() {
  const channel = new MessageChannel();
  channels.push(channel);
  const server = serveEngine(channel.port2 as unknown as MessageEndpoint, { createEngine: (config) => createEngine({ ...config, indexStore: null }) });
  channel.port2.start();
  const responses: EngineResponse[] = [];
  channel.port1.addEventListener('message', (event) => responses.push(event.data as EngineResponse));
  channel.port1.start();
  /** Resolves once `count` responses have arrived (the message events themselves, no fixed wait). */
  const arrived = (count: number): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => {
        if (responses.length < count) return;
        channel.port1.removeEventListener('message', check);
        resolve();
      };
      channel.port1.addEventListener('message', check);
      check();
    });
  return { post: (message: unknown) => channel.port1.postMessage(message), responses, server, arrived, port: channel.port2 };
}

describe('serveEngine', () => {
  it('answers a call before init with an invalid-input error', async () => {
    const { post, responses, arrived } = raw();
    post({ kind: 'call', id: 7, method: 'search', params: { query: 'mail' } });
    await arrived(1);
    expect(responses).toEqual([{ kind: 'error', id: 7, method: 'search', error: expect.objectContaining({ code: 'invalid-input', message: expect.stringMatching(/before init/) }) }]);
  });

  it('refuses another protocol version', async () => {
    const { post, responses, arrived } = raw();
    post({ kind: 'call', id: 1, method: 'init', params: { version: 99, config: {} } });
    await arrived(1);
    expect(responses[0]).toMatchObject({ kind: 'error', id: 1, method: 'init', error: { code: 'unsupported-environment' } });
  });

  it('answers calls after a failed init with the init error', async () => {
    const { post, responses, arrived } = raw();
    post({ kind: 'call', id: 1, method: 'init', params: { version: 1, config: { tokenizer: 'bpe' } } });
    post({ kind: 'call', id: 2, method: 'loadCatalog', params: { input: TOOLS, options: {} } });
    await arrived(2);
    expect(responses.map((response) => [response.id, response.kind === 'error' && response.error.code])).toEqual([
      [1, 'invalid-option'],
      [2, 'invalid-option'],
    ]);
  });

  it('ignores messages that are not protocol requests, and cancels of unknown ids', async () => {
    const { post, responses, arrived } = raw();
    post('hello');
    post({ kind: 'call', id: 1, method: 'explode', params: {} });
    post({ kind: 'cancel', id: 42 });
    post({ kind: 'call', id: 2, method: 'init', params: { version: 1, config: { tokenizer: 'approximate' } } });
    post({ kind: 'call', id: 3, method: 'loadCatalog', params: { input: TOOLS, options: {} } });
    post({ kind: 'call', id: 4, method: 'search', params: { query: 'forecast', limit: 1 } });
    // An answer to an ignored message would arrive before these three, so the list holds exactly them.
    await arrived(3);
    expect(responses.map((response) => [response.id, response.kind])).toEqual([
      [2, 'result'],
      [3, 'result'],
      [4, 'result'],
    ]);
    const search = responses[2]!;
    expect(search.kind === 'result' && search.method === 'search' && search.value.hits[0]!.tool.name).toBe('get_forecast');
  });

  it('stops answering once closed', async () => {
    const { post, responses, server, arrived, port } = raw();
    post({ kind: 'call', id: 1, method: 'init', params: { version: 1, config: {} } });
    await arrived(1);
    server.close();
    // Once call 2 has reached the port, a second server starts there and answers call 3; a closed server still listening would have answered call 2 first.
    let next: { close(): void } | undefined;
    port.addEventListener('message', function delivered(event) {
      if ((event.data as { id?: number }).id !== 2) return;
      port.removeEventListener('message', delivered);
      next = serveEngine(port as unknown as MessageEndpoint, { createEngine: (config) => createEngine({ ...config, indexStore: null }) });
      post({ kind: 'call', id: 3, method: 'init', params: { version: 1, config: {} } });
    });
    post({ kind: 'call', id: 2, method: 'flush', params: {} });
    await arrived(2);
    next?.close();
    expect(responses.map((response) => response.id)).toEqual([1, 3]);
  });
});
