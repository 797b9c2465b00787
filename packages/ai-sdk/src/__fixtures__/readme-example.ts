// What the README's example takes as given (a model, your tools); the example itself follows the marker line.
import type { ToolInput } from '@loadout/core';
import { MockLanguageModelV3 } from 'ai/test';
import { callReply, textReply } from './mock-replies.js';

const myTools: ToolInput[] = [
  { name: 'create_issue', server: 'github', description: 'Create an issue in a GitHub repository.', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } },
  { name: 'send_message', server: 'slack', description: 'Send a message to a Slack channel.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
];
export const model = new MockLanguageModelV3({
  doGenerate: [
    callReply('s1', 'search_tools', { query: 'create github issue' }),
    callReply('c1', 'mcp__github__create_issue', { title: 'Login fails on Safari' }),
    textReply('Filed.'),
  ],
});
// README example:
import { createBm25Ranker } from '@loadout/bm25';
import { createAiSdkToolSearch } from '@loadout/ai-sdk';
import { generateText, stepCountIs } from 'ai';

// What each tool does, by the tool's own name: a call's `name` is the API name (mcp__github__create_issue), `tool.name` the tool's.
const myHandlers: Record<string, (args: Record<string, unknown>) => unknown> = {
  create_issue: (args) => `created issue #1: ${String(args['title'])}`,
  send_message: () => 'sent',
};

const search = createAiSdkToolSearch({
  tools: myTools, // Loadout tools: { name, description, inputSchema, server }
  ranker: createBm25Ranker(),
  execute: ({ arguments: args, tool }) => myHandlers[tool.name]!(args),
  onWarning: (warning) => console.warn(warning.message),
});
const result = await generateText({
  model, // any provider's model
  tools: search.tools,
  prepareStep: search.prepareStep,
  stopWhen: stepCountIs(8),
  prompt: 'Create a GitHub issue titled Login fails on Safari',
});
console.log(result.text);
