import { searchToolDescription, searchToolInputSchema } from '@loadout/core/adapter';
import type { SearchToolSettings as CoreSearchToolSettings } from '@loadout/core/adapter';
import type { CustomToolDefinition, RequestToolDefinition } from '../api-types.js';
import { SERVER_SEARCH_TOOLS } from './constants.js';
import type { ToolSearchMode } from './tool-search-options.js';

/** What the client-side search tool's definition states: its name and core's search tool settings. */
export interface SearchToolSettings extends CoreSearchToolSettings {
  readonly name: string;
}

/** The definition of the custom search tool this package answers: core's description and schema under `name`. */
export function clientSearchToolDefinition(settings: SearchToolSettings): CustomToolDefinition {
  return { name: settings.name, description: searchToolDescription(settings), input_schema: searchToolInputSchema(settings) };
}

/** The search tool a request declares in `mode`. */
export function searchToolDefinition(mode: ToolSearchMode, settings: SearchToolSettings): RequestToolDefinition {
  if (mode === 'client') return clientSearchToolDefinition(settings);
  return mode === 'server-bm25' ? { ...SERVER_SEARCH_TOOLS['server-bm25'] } : { ...SERVER_SEARCH_TOOLS['server-regex'] };
}
