import { summarizeCatalog } from '@loadout/core';
import type { CatalogTool } from '@loadout/core';
import { searchToolDescription, searchToolInputSchema } from '@loadout/core/adapter';
import type { Tool } from '@modelcontextprotocol/server';
import type { ToolIndex } from '../search-index/tool-index.js';

/** Name of the gateway's search tool. */
export const SEARCH_TOOLS_NAME = 'search_tools';
/** Largest `limit` a `search_tools` call may ask for. */
const MAX_LIMIT = 100;
/** Longest `search_tools` query, in code points (the query syntax's default). */
const MAX_QUERY_LENGTH = 500;
/** Name of the gateway's pass-through call tool. */
export const CALL_TOOL_NAME = 'call_tool';

/** The `search_tools` definition; its description names what the current catalog covers. */
export function searchToolsDefinition(index: ToolIndex, defaultLimit: number): Tool {
  const settings = {
    toolCount: index.catalog.tools.length,
    limit: defaultLimit,
    maxLimit: MAX_LIMIT,
    maxQueryLength: MAX_QUERY_LENGTH,
    summary: summarizeCatalog(index.catalog),
  };
  return {
    name: SEARCH_TOOLS_NAME,
    title: 'Search tools',
    description: searchToolDescription(settings),
    inputSchema: searchToolInputSchema(settings),
    outputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        searchId: { type: 'string', description: 'Pass it to call_tool as searchId when calling a tool this search found' },
        tools: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              name: { type: 'string' },
              server: { type: 'string' },
              description: { type: 'string' },
              inputSchema: { type: 'object' },
              available: { type: 'boolean' },
            },
            required: ['name', 'description', 'inputSchema', 'available'],
          },
        },
      },
      required: ['query', 'tools'],
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}

/** The `call_tool` definition. */
export function callToolDefinition(): Tool {
  return {
    name: CALL_TOOL_NAME,
    title: 'Call a tool',
    description:
      'Call any tool that search_tools found, by the name it returned, with its arguments. Use this when the found tool is not in your tool list yet.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1, description: 'Tool name as search_tools returned it, e.g. mcp__github__create_issue' },
        arguments: { type: 'object', description: 'Arguments matching the tool\'s input schema' },
        searchId: { type: 'string', description: 'The searchId of the search_tools result that found the tool, if any' },
      },
      required: ['name'],
      // Refused otherwise (readCallToolInput), as search_tools refuses keys it does not know (3447).
      additionalProperties: false,
    },
  };
}

/**
 * A catalog tool as the gateway lists it: the upstream definition (title,
 * annotations, outputSchema, `_meta`) under the tool's API-safe namespaced
 * name. `execution` is dropped: the gateway does not proxy task-augmented calls.
 */
export function renderTool(tool: CatalogTool, definition: Tool | undefined): Tool {
  const rest: Record<string, unknown> = { ...definition };
  delete rest['execution'];
  return { ...rest, name: tool.apiName, description: tool.description, inputSchema: tool.inputSchema as Tool['inputSchema'] };
}
