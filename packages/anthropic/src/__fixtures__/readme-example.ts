import Anthropic from '@anthropic-ai/sdk';
import { createBm25Ranker } from '@loadout/bm25';
import { createCatalog } from '@loadout/core';
import { createMessagesClient, createToolSearch } from '@loadout/anthropic';
import type { MessageParam } from '@loadout/anthropic';

// Your tools; in practice every tool of your MCP servers (up to 10,000).
const catalog = createCatalog([
  {
    name: 'get_weather',
    server: 'weather',
    description: 'Get the current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  {
    name: 'send_message',
    server: 'slack',
    description: 'Send a message to a Slack channel.',
    inputSchema: { type: 'object', properties: { channel: { type: 'string' }, text: { type: 'string' } }, required: ['channel', 'text'] },
  },
  {
    name: 'create_issue',
    server: 'github',
    description: 'Create an issue in a GitHub repository.',
    inputSchema: { type: 'object', properties: { repo: { type: 'string' }, title: { type: 'string' } }, required: ['repo', 'title'] },
  },
]);

// What each tool does, by the tool's own name.
const run: Record<string, (input: Record<string, unknown>) => string> = {
  get_weather: (input) => `18°C and sunny in ${String(input['city'])}`,
  send_message: () => 'sent',
  create_issue: () => 'created issue #1',
};

const model = 'claude-sonnet-4-6';
const client = createMessagesClient({
  client: new Anthropic(), // reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL
  toolSearch: createToolSearch({ catalog, ranker: createBm25Ranker(), policy: { model, env: process.env } }),
  onWarning: (warning) => console.warn(warning.message),
});

let conversation: MessageParam[] = [{ role: 'user', content: 'What is the weather in Paris?' }];
for (let turn = 0; turn < 10; turn++) {
  const result = await client.create({ model, max_tokens: 1024, messages: conversation });
  conversation = result.messages;
  const calls = result.message.content.flatMap((block) =>
    block.type === 'tool_use' && !client.toolSearch.isSearchCall(block) ? [block] : [],
  );
  if (calls.length === 0) {
    for (const block of result.message.content) if (block.type === 'text') console.log(block.text);
    break;
  }
  conversation.push({
    role: 'user',
    content: [
      ...result.searchResults,
      ...calls.map((call) => ({
        type: 'tool_result' as const,
        tool_use_id: call.id,
        content: run[client.toolSearch.toolFor(call.name)?.name ?? '']?.(call.input as Record<string, unknown>) ?? 'unknown tool',
      })),
    ],
  });
}
