import type { JsonObject, ToolInput } from '@loadout/core';

/** An object schema whose properties are required strings. */
const strings = (...names: string[]): JsonObject => ({ type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])), required: names });

/** [name, server (null: a core tool), description, string parameters]; the last is always loaded. */
const ROWS: readonly (readonly [string, string | null, string, readonly string[]])[] = [
  ['Bash', null, 'Run a shell command.', ['command']],
  ['get_weather', 'weather', 'Get the current weather forecast for a city.', ['city']],
  ['send_message', 'slack', 'Send a message to a Slack channel.', ['channel', 'text']],
  ['create_issue', 'github', 'Create a GitHub issue in a repository.', ['repo', 'title']],
  ['list_issues', 'github', 'List open issues of a GitHub repository.', ['repo']],
  ['whoami', 'github', 'The signed-in GitHub user.', []],
];

/** A small catalog: a core built-in, MCP tools of three servers, one always-loaded tool (`whoami`). */
export const TOOLS: readonly ToolInput[] = ROWS.map(([name, server, description, parameters]) => ({
  name,
  ...(server === null ? { kind: 'core' as const } : { server }),
  description,
  inputSchema: strings(...parameters),
  ...(name === 'whoami' ? { alwaysLoad: true } : {}),
}));

export const WEATHER = 'mcp__weather__get_weather';
export const CREATE_ISSUE = 'mcp__github__create_issue';
