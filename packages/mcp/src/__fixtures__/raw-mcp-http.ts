/** A JSON-RPC message a raw client received. */
export interface RawReply {
  readonly status: number;
  readonly messages: { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: Record<string, unknown> } }[];
}

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

function parseReply(status: number, body: string): RawReply {
  const texts = body.trimStart().startsWith('{') || body.trimStart().startsWith('[')
    ? [body]
    : body.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).filter((line) => line.length > 0);
  return { status, messages: texts.flatMap((text) => [JSON.parse(text)].flat()) };
}

/**
 * A hand-written MCP client over raw HTTP, for bodies the SDK's client
 * cannot send (JSON nested deeper than JSON.stringify recurses): initializes
 * a session, then posts any body text in it.
 */
export async function openRawSession(url: string): Promise<{ readonly sessionId: string; post(body: string): Promise<RawReply> }> {
  const initialize = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
  });
  const sessionId = initialize.headers.get('mcp-session-id');
  await initialize.text();
  if (sessionId === null) throw new Error(`initialize failed with HTTP ${initialize.status}`);
  const session = { ...headers, 'mcp-session-id': sessionId };
  await (await fetch(url, { method: 'POST', headers: session, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) })).text();
  return {
    sessionId,
    async post(body) {
      const response = await fetch(url, { method: 'POST', headers: session, body });
      return parseReply(response.status, await response.text());
    },
  };
}

/** `{"pad": [[[…]]]}` nested `levels` deep, as JSON text (about 2 bytes a level). */
export function deepArgumentsText(levels: number): string {
  return `{"pad":${'['.repeat(levels)}${']'.repeat(levels)}}`;
}

/** A `tools/call` request body with raw `arguments` text. */
export function toolCallText(id: number, name: string, argumentsText: string): string {
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argumentsText}}}`;
}
