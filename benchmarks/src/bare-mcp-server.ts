// The peer of the gateway throughput bench: a bare MCP SDK server on the
// same transport (streamable HTTP on node:http, one session per client)
// whose search_tools answers a constant result. It is the ceiling of what
// the transport and the SDK allow; the gateway adds ranking on top.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Serves `result` as every search_tools answer; resolves with the endpoint and a close function. */
export async function serveBareMcpServer(result: CallToolResult): Promise<{ readonly url: string; close(): Promise<void> }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('error', () => {});
    response.on('error', () => {});
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const body = chunks.length === 0 ? undefined : (JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
        const id = request.headers['mcp-session-id'];
        const existing = typeof id === 'string' ? sessions.get(id) : undefined;
        if (existing !== undefined) return existing.handleRequest(request, response, body);
        const server = new Server({ name: 'bare', version: '1.0.0' }, { capabilities: { tools: {} } });
        server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'search_tools', inputSchema: { type: 'object' } }] }));
        server.setRequestHandler(CallToolRequestSchema, () => result);
        const transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
        });
        await server.connect(transport);
        return transport.handleRequest(request, response, body);
      })().catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close().catch(() => {})));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
