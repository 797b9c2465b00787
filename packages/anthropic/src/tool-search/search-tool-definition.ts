import type { CustomToolDefinition, RequestToolDefinition } from '../api-types.js';
import { SERVER_SEARCH_TOOLS } from './constants.js';
import type { ToolSearchMode } from './tool-search-options.js';

/** What the client-side search tool's definition states. */
export interface SearchToolSettings {
  readonly name: string;
  readonly limit: number;
  readonly maxLimit: number;
  readonly maxQueryLength: number;
  /** The catalog summary sentence, or empty. */
  readonly summary: string;
}

/** The definition of the custom search tool this package answers. */
export function clientSearchToolDefinition(settings: SearchToolSettings): CustomToolDefinition {
  const description = [
    'Search the tools that are not loaded yet and load the best matches; a loaded tool can be called from the next turn on.',
    settings.summary,
    'Query with keywords ("send slack message"); put + before a term every result must contain ("+slack send");',
    'or load tools by exact name with "select:name_a,name_b".',
    `Loads up to ${settings.limit} tools unless limit says otherwise.`,
  ];
  return {
    name: settings.name,
    description: description.filter((part) => part !== '').join(' '),
    input_schema: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: `Keywords, +required terms, or select:name_a,name_b; at most ${settings.maxQueryLength} characters.`,
        },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: settings.maxLimit,
          description: `How many tools to load; default ${settings.limit}.`,
        },
      },
      required: ['query'],
    },
  };
}

/** The search tool a request declares in `mode`. */
export function searchToolDefinition(mode: ToolSearchMode, settings: SearchToolSettings): RequestToolDefinition {
  if (mode === 'client') return clientSearchToolDefinition(settings);
  return mode === 'server-bm25' ? { ...SERVER_SEARCH_TOOLS['server-bm25'] } : { ...SERVER_SEARCH_TOOLS['server-regex'] };
}
