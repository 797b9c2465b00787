import type { ToolSearchKit } from '@loadout/core/adapter';
import type { CustomToolDefinition, RequestToolDefinition } from '../api-types.js';
import { SERVER_SEARCH_TOOLS } from './constants.js';
import type { ToolSearchMode } from './tool-search-options.js';

/** The search tool a request declares in `mode`: in `client` mode the kit's description and schema under its name, else the API's own tool. */
export function searchToolDefinition(mode: ToolSearchMode, kit: ToolSearchKit): RequestToolDefinition {
  if (mode === 'client') {
    const definition: CustomToolDefinition = { name: kit.searchToolName, description: kit.searchTool.description, input_schema: kit.searchTool.inputSchema };
    return definition;
  }
  return mode === 'server-bm25' ? { ...SERVER_SEARCH_TOOLS['server-bm25'] } : { ...SERVER_SEARCH_TOOLS['server-regex'] };
}
