import OpenAI from 'openai';
import { createBm25Ranker } from '@loadout/bm25';
import type { ToolInput } from '@loadout/core';
import { createResponsesClient, createResponsesToolSearch } from '@loadout/openai';

// Your tools; in practice every tool of your MCP servers.
const myTools: ToolInput[] = [
  { name: 'create_issue', server: 'github', description: 'Create an issue in a GitHub repository.', inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } },
  { name: 'send_message', server: 'slack', description: 'Send a message to a Slack channel.', inputSchema: { type: 'object', properties: { channel: { type: 'string' }, text: { type: 'string' } }, required: ['channel', 'text'] } },
];
// What each tool does, by the tool's own name: a call's `name` is the API name (mcp__github__create_issue), `tool.name` the tool's.
const myHandlers: Record<string, (args: Record<string, unknown>) => unknown> = {
  create_issue: (args) => `created issue #1: ${String(args['title'])}`,
  send_message: () => 'sent',
};

const toolSearch = createResponsesToolSearch({ tools: myTools, ranker: createBm25Ranker() });
const responses = createResponsesClient({ client: new OpenAI(), toolSearch, onWarning: (warning) => console.warn(warning.message) });
const result = await responses.run(
  { model: 'gpt-5.4', input: 'Create a GitHub issue titled Login fails on Safari' },
  { callTool: async ({ arguments: args, tool }) => myHandlers[tool?.name ?? '']?.(args) ?? 'unknown tool' },
);
console.log(result.text, result.loaded);
