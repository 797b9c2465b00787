#!/usr/bin/env node
// An MCP server that answers initialize and tools/list, then exits with code 3 on a tools/call, after one line on
// its stderr (a server that dies after its handshake). With the argument `list` it exits on tools/list instead.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const exitOn = process.argv[2] === 'list' ? 'tools/list' : 'tools/call';
const exit = () => {
  process.stderr.write(`exit-on-call-server: fatal: lost the database during ${exitOn}\n`);
  process.exit(3);
};
const server = new Server({ name: 'exit-on-call', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => {
  if (exitOn === 'tools/list') exit();
  return { tools: [{ name: 'crash', description: 'Exit with code 3', inputSchema: { type: 'object', properties: {} } }] };
});
server.setRequestHandler(CallToolRequestSchema, exit);
await server.connect(new StdioServerTransport());
