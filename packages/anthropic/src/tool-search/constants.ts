/** The beta the Messages API documents for tool search (`defer_loading`, `tool_reference`, the search tools). */
export const TOOL_SEARCH_BETA = 'advanced-tool-use-2025-11-20';

/** The server-side search tools by mode, as the Messages API declares them. */
export const SERVER_SEARCH_TOOLS = {
  'server-bm25': { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
  'server-regex': { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' },
} as const;

/** Names the API gives its server-side search tools (in `server_tool_use` blocks). */
export const SERVER_SEARCH_TOOL_NAMES: readonly string[] = ['tool_search_tool_bm25', 'tool_search_tool_regex'];
