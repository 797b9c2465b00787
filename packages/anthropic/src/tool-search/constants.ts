/** The beta the Messages API documents for tool search (`defer_loading`, `tool_reference`, the search tools). */
export const TOOL_SEARCH_BETA = 'advanced-tool-use-2025-11-20';

/** Default name of the client-side search tool. */
export const DEFAULT_SEARCH_TOOL_NAME = 'search_tools';

/** Default number of tools one search loads (behaviour spec §2). */
export const DEFAULT_SEARCH_LIMIT = 5;

/** Default ceiling on the `limit` the model may ask for. */
export const DEFAULT_MAX_SEARCH_LIMIT = 10;

/** The ceiling of both limits: what a ranker returns at most (core's). */
export { MAX_SEARCH_LIMIT } from '@loadout/core/utils';

/** The server-side search tools by mode, as the Messages API declares them. */
export const SERVER_SEARCH_TOOLS = {
  'server-bm25': { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
  'server-regex': { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' },
} as const;

/** Names the API gives its server-side search tools (in `server_tool_use` blocks). */
export const SERVER_SEARCH_TOOL_NAMES: readonly string[] = ['tool_search_tool_bm25', 'tool_search_tool_regex'];
