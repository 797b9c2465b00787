// Connects to a running `loadout serve --http` gateway with the MCP SDK's
// Client, searches, and calls what it found: first directly (the tool joined
// the list after notifications/tools/list_changed), then through call_tool.
//   LOADOUT_TOKEN=... node packages/mcp/examples/search-client.mjs http://127.0.0.1:8765/mcp
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

const url = new URL(process.argv[2] ?? 'http://127.0.0.1:8765/mcp');
const headers = process.env.LOADOUT_TOKEN ? { authorization: `Bearer ${process.env.LOADOUT_TOKEN}` } : {};
const client = new Client({ name: 'loadout-example', version: '1.0.0' });
client.setNotificationHandler(ToolListChangedNotificationSchema, () => console.log('<- notifications/tools/list_changed'));
await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));

const names = async () => (await client.listTools()).tools.map((tool) => tool.name).join(', ');
console.log('tools at start:', await names());

const found = await client.callTool({ name: 'search_tools', arguments: { query: 'create entities in the knowledge graph', limit: 3 } });
for (const tool of found.structuredContent.tools) console.log(`found ${tool.name}: ${tool.description}`);
console.log('tools now:', await names());

await client.callTool({
  name: 'mcp__memory__create_entities',
  arguments: { entities: [{ name: 'Loadout', entityType: 'project', observations: ['keeps tool definitions out of context'] }] },
});
const graph = await client.callTool({ name: 'call_tool', arguments: { name: 'mcp__memory__read_graph', arguments: {} } });
console.log('read_graph via call_tool:', graph.content[0].text);
await client.close();
