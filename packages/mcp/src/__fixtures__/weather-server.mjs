#!/usr/bin/env node
// A small, well-behaved MCP server for policy and plug-in tests, on the MCP
// SDK's low-level Server over stdio: tools `get`, `get_forecast`,
// `send_alert` and `add_tools` ({ count }), which adds `count` tools with
// long descriptions and announces them with notifications/tools/list_changed.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const object = (properties = {}, required = []) => ({ type: 'object', properties, required });
const tools = [
  { name: 'get', description: 'Get a stored value by key', inputSchema: object({ key: { type: 'string' } }, ['key']) },
  { name: 'get_forecast', description: 'Get the weather forecast for a city', inputSchema: object({ city: { type: 'string' } }, ['city']) },
  { name: 'send_alert', description: 'Send a weather alert to subscribers', inputSchema: object({ text: { type: 'string' } }, ['text']) },
  { name: 'add_tools', description: 'Add tools to this server and announce them', inputSchema: object({ count: { type: 'integer' } }, ['count']) },
];

const server = new Server({ name: 'weather-server', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args = {} } = request.params;
  if (name === 'add_tools') {
    const start = tools.length;
    for (let index = 0; index < Number(args.count ?? 1); index++) {
      tools.push({
        name: `station_${start + index}`,
        description: `Read the measurements of weather station ${start + index}. `.repeat(20),
        inputSchema: object({ from: { type: 'string', description: 'start of the period' }, to: { type: 'string', description: 'end of the period' } }),
      });
    }
    await server.sendToolListChanged();
    return { content: [{ type: 'text', text: `now ${tools.length} tools` }] };
  }
  if (!tools.some((tool) => tool.name === name)) return { isError: true, content: [{ type: 'text', text: `no tool ${name}` }] };
  return { content: [{ type: 'text', text: `${name} ${JSON.stringify(args)}` }] };
});
await server.connect(new StdioServerTransport());
