export { toolSearchEnv, ENABLE_TOOL_SEARCH } from './tool-search-env.js';
export type { ToolSearchEnvMode, ToolSearchEnvOptions } from './tool-search-env.js';
export { mcpServersWithAlwaysLoad } from './mcp-servers-with-always-load.js';
export type { AlwaysLoadOptions, AlwaysLoadWarning, McpServersWithAlwaysLoad } from './mcp-servers-with-always-load.js';
export { createLoadoutSearchServer } from './create-loadout-search-server.js';
export type { LoadoutSearchServerOptions } from './create-loadout-search-server.js';
export { createSearchToolHandler } from './search-tool-handler.js';
export type { SearchToolArguments, SearchToolHandler, SearchToolHandlerOptions } from './search-tool-handler.js';
