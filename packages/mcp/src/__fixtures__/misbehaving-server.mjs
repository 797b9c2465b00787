#!/usr/bin/env node
// A deliberately misbehaving MCP server for the gateway's tests, on the MCP
// SDK's low-level Server over stdio. Environment:
//   MISBEHAVE_DOWN_FILE  when this file exists at startup, exit at once (a server that keeps failing to start)
//   MISBEHAVE_PAGE_SIZE  tools per tools/list page (default 2, so listing needs nextCursor)
//   MISBEHAVE_DEEP_SCHEMA  also list deep_schema_tool, whose inputSchema nests this many levels
//   MISBEHAVE_TOOL_COUNT   also list this many generated tools (generated_tool_0, …; each answers `ran <its name>`)
//   MISBEHAVE_START_LOG    append one line to this file at every start (to count respawns)
//   MISBEHAVE_BIG_RESULT   also list big_result (answers a text of `bytes` bytes)
//   MISBEHAVE_BIG_DESCRIPTION  also list, last, huge_description_tool with a description of this many bytes
//   MISBEHAVE_EXIT_AFTER_LIST  exit this many ms after answering the first tools/list (a crash loop)
//   MISBEHAVE_FAILING_TOOLS  also list fail_softly (answers isError), fail_loudly (answers a JSON-RPC error),
//                            broken_reply (answers with a line of broken JSON) and chatty_stdout (logs to stdout, then answers)
// Values too deep for JSON.stringify are written as raw JSON text (a hostile
// server need not use a JSON library at all).
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const downFile = process.env.MISBEHAVE_DOWN_FILE;
if (downFile && existsSync(downFile)) {
  process.stderr.write('misbehaving-server: down file present, refusing to start\n');
  process.exit(3);
}
if (process.env.MISBEHAVE_START_LOG) appendFileSync(process.env.MISBEHAVE_START_LOG, `${Date.now()}\n`);
const exitAfterList = process.env.MISBEHAVE_EXIT_AFTER_LIST === undefined ? undefined : Number(process.env.MISBEHAVE_EXIT_AFTER_LIST);
const pageSize = Number(process.env.MISBEHAVE_PAGE_SIZE ?? '2');
const object = (properties = {}, required = []) => ({ type: 'object', properties, required });

const tools = [
  { name: 'echo_text', description: 'Echo a text message back unchanged', inputSchema: object({ text: { type: 'string' } }, ['text']) },
  { name: 'crash_server', description: 'Crash this server process immediately', inputSchema: object({ stayDown: { type: 'boolean' } }) },
  { name: 'hang_forever', description: 'Start an operation that never answers', inputSchema: object() },
  { name: 'start_storm', description: 'Send a storm of tools list_changed notifications', inputSchema: object({ count: { type: 'integer' } }) },
  { name: 'count_lists', description: 'Report how many tools/list requests this server answered', inputSchema: object() },
  { name: 'slow_list', description: 'Make later tools/list requests slow', inputSchema: object({ ms: { type: 'integer' } }) },
  { name: 'add_tool', description: 'Add a tool to this server and announce it', inputSchema: object({ name: { type: 'string' }, description: { type: 'string' } }) },
  {
    name: 'pinned_status',
    description: 'Report the status of the pinned service',
    inputSchema: object(),
    _meta: { 'anthropic/alwaysLoad': true },
  },
  { name: 'bad_schema_tool', description: 'A tool whose input schema is a string schema', inputSchema: { type: 'string' } },
  { description: 'A tool without a name', inputSchema: object() },
];

/** Raw JSON text standing in for `"<marker>"` strings when a message is written. */
const rawValues = new Map();
function rawJson(text) {
  const marker = `__raw_json_${rawValues.size}__`;
  rawValues.set(marker, text);
  return marker;
}
function deepObjectText(levels, leaf) {
  const pairs = Math.max(0, Math.floor((levels - 1) / 2));
  return '{"type":"object","properties":{"a":'.repeat(pairs) + leaf + '}}'.repeat(pairs);
}
const deepSchemaLevels = Number(process.env.MISBEHAVE_DEEP_SCHEMA ?? '0');
if (deepSchemaLevels > 0) {
  tools.push({
    name: 'deep_schema_tool',
    description: 'A tool whose input schema nests very deeply',
    inputSchema: rawJson(deepObjectText(deepSchemaLevels, '{"type":"object"}')),
  });
}
const generated = Number(process.env.MISBEHAVE_TOOL_COUNT ?? '0');
for (let index = 0; index < generated; index++) {
  tools.push({ name: `generated_tool_${index}`, description: `Generated tool number ${index} of the crowded server`, inputSchema: object() });
}
tools.push({ name: 'report_pid', description: 'Report the process id of this server', inputSchema: object() });
if (process.env.MISBEHAVE_BIG_RESULT) tools.push({ name: 'big_result', description: 'Answer with a text of the given number of bytes', inputSchema: object({ bytes: { type: 'integer' } }) });
if (process.env.MISBEHAVE_BIG_DESCRIPTION) {
  tools.push({ name: 'huge_description_tool', description: 'h'.repeat(Number(process.env.MISBEHAVE_BIG_DESCRIPTION)), inputSchema: object() });
}
if (process.env.MISBEHAVE_FAILING_TOOLS) {
  tools.push(
    { name: 'fail_softly', description: 'Report a failure of the operation as a tool error', inputSchema: object() },
    { name: 'fail_loudly', description: 'Answer the operation with a protocol error', inputSchema: object() },
    { name: 'broken_reply', description: 'Answer with a reply of broken JSON', inputSchema: object() },
    { name: 'chatty_stdout', description: 'Print a debug line to stdout, then answer', inputSchema: object() },
  );
}
tools.push({ name: 'deep_result', description: 'Answer with a result that nests very deeply', inputSchema: object({ levels: { type: 'integer' } }) });

let listCalls = 0;
let listDelayMs = 0;
const server = new Server({ name: 'misbehaving-server', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });

server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  listCalls += 1;
  if (exitAfterList !== undefined && listCalls === 1) setTimeout(() => process.exit(1), exitAfterList);
  if (listDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, listDelayMs));
  const start = Number(request.params?.cursor ?? '0');
  const end = start + pageSize;
  return end < tools.length ? { tools: tools.slice(start, end), nextCursor: String(end) } : { tools: tools.slice(start) };
});

const text = (value) => ({ content: [{ type: 'text', text: value }] });

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const args = request.params.arguments ?? {};
  switch (request.params.name) {
    case 'broken_reply':
      process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(extra.requestId)},"result":{"content":[{"type":"text","text":"unterminated\n`);
      return new Promise(() => {});
    case 'chatty_stdout':
      process.stdout.write('DEBUG: handling the call, secret=hunter2\n');
      return text('answered after chatter');
    case 'echo_text':
      return text(`echo: ${args.text}`);
    case 'crash_server':
      if (args.stayDown && downFile) writeFileSync(downFile, 'down');
      process.exit(1);
    case 'hang_forever':
      // with {"freeze": true} the whole process stops answering (a frozen server that stays up)
      if (args.freeze) setImmediate(() => {
        for (;;);
      });
      return new Promise(() => {});
    case 'start_storm': {
      const count = Number(args.count ?? 50);
      tools.push({ name: 'storm_survivor', description: `Appeared after a storm of ${count} notifications`, inputSchema: object() });
      for (let index = 0; index < count; index++) void server.sendToolListChanged();
      return text(`sent ${count}`);
    }
    case 'count_lists':
      return text(String(listCalls));
    case 'slow_list':
      listDelayMs = Number(args.ms ?? 0);
      return text(`tools/list now takes ${listDelayMs} ms`);
    case 'add_tool':
      tools.push({ name: String(args.name), description: String(args.description ?? ''), inputSchema: object() });
      await server.sendToolListChanged();
      return text(`added ${args.name}`);
    case 'pinned_status':
      return text('pinned service: all good');
    case 'big_result':
      return text('b'.repeat(Number(args.bytes ?? 0)));
    case 'fail_softly':
      return { isError: true, content: [{ type: 'text', text: 'the operation failed' }] };
    case 'fail_loudly':
      throw new Error('the operation failed loudly');
    case 'report_pid':
      return text(String(process.pid));
    case 'deep_result':
      return { content: [{ type: 'text', text: 'deep' }], structuredContent: { nested: rawJson('['.repeat(Number(args.levels ?? 10000)) + ']'.repeat(Number(args.levels ?? 10000))) } };
    default:
      if (request.params.name.startsWith('generated_tool_')) return text(`ran ${request.params.name}`);
      throw new Error(`unknown tool ${request.params.name}`);
  }
});

const transport = new StdioServerTransport();
const send = transport.send.bind(transport);
transport.send = async (message) => {
  let textOut = JSON.stringify(message);
  if (!textOut.includes('__raw_json_')) return send(message);
  for (const [marker, raw] of rawValues) textOut = textOut.replace(`"${marker}"`, () => raw);
  process.stdout.write(textOut + '\n');
};
await server.connect(transport);
