import type { JsonObject, ToolInput } from '@loadout/core';

const object = (properties: JsonObject, required: string[] = []): JsonObject => ({
  type: 'object',
  properties,
  required,
});

/** A small mixed catalog: a core built-in, MCP tools of three servers, one always-loaded tool. */
export const FIXTURE_TOOLS: readonly ToolInput[] = [
  { name: 'Bash', kind: 'core', description: 'Run a shell command.', inputSchema: object({ command: { type: 'string' } }, ['command']) },
  {
    name: 'get_weather',
    server: 'weather',
    description: 'Get the current weather forecast for a city.',
    inputSchema: object({ city: { type: 'string', description: 'City name' } }, ['city']),
  },
  {
    name: 'send_message',
    server: 'slack',
    description: 'Send a message to a Slack channel.',
    inputSchema: object({ channel: { type: 'string' }, text: { type: 'string' } }, ['channel', 'text']),
  },
  {
    name: 'search_messages',
    server: 'slack',
    description: 'Search Slack messages by keyword, channel, or date range.',
    inputSchema: object({ query: { type: 'string' } }, ['query']),
  },
  {
    name: 'create_issue',
    server: 'github',
    description: 'Create a GitHub issue in a repository.',
    inputSchema: object({ repo: { type: 'string' }, title: { type: 'string' } }, ['repo', 'title']),
  },
  {
    name: 'list_issues',
    server: 'github',
    description: 'List open issues of a GitHub repository.',
    inputSchema: object({ repo: { type: 'string' } }, ['repo']),
    alwaysLoad: true,
  },
];
