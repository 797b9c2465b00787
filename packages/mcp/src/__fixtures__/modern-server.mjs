#!/usr/bin/env node
// A 2026-07-28 MCP server on SDK v2 over stdio (serveStdio picks the era from the client's opening):
// tools `translate` ({ text, to }) and `detect_language` ({ text }).
import { Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const object = (properties, required) => ({ type: 'object', properties, required });
const tools = [
  { name: 'translate', description: 'Translate a text into another language', inputSchema: object({ text: { type: 'string' }, to: { type: 'string' } }, ['text', 'to']) },
  { name: 'detect_language', description: 'Detect the language of a text', inputSchema: object({ text: { type: 'string' } }, ['text']) },
];

serveStdio((context) => {
  const server = new Server({ name: 'modern-server', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools }));
  server.setRequestHandler('tools/call', (request) => ({
    content: [{ type: 'text', text: `${request.params.name} (${context.era}): ${JSON.stringify(request.params.arguments ?? {})}` }],
  }));
  return server;
});
