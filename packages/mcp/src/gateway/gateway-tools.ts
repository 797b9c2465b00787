import { summarizeCatalog } from '@loadout/core';
import type { CatalogTool } from '@loadout/core';
import type { Tool } from '@modelcontextprotocol/server';
import type { ToolIndex } from '../search-index/tool-index.js';

/** Name of the gateway's search tool. */
export const SEARCH_TOOLS_NAME = 'search_tools';
/** Name of the gateway's pass-through call tool. */
export const CALL_TOOL_NAME = 'call_tool';

/** The `search_tools` definition; its description names what the current catalog covers. */
export function searchToolsDefinition(index: ToolIndex, defaultLimit: number): Tool {
  const summary = summarizeCatalog(index.catalog);
  return {
    name: SEARCH_TOOLS_NAME,
    title: 'Search tools',
    description: [
      `Search ${index.catalog.tools.length} tools of the connected MCP servers by what they do, and load the best matches.`,
      summary,
      'Returns each match\'s name, description and input schema; matches are added to this server\'s tool list',
      '(clients that follow notifications/tools/list_changed can call them directly), or call them through call_tool.',
      'Query forms: keywords ("create github issue"); a tool\'s name ranks it first; "+term" must appear in every result;',
      '"select:name_a,name_b" loads exactly those tools.',
    ]
      .filter((line) => line.length > 0)
      .join(' '),
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 500, description: 'What the tool should do, or select:name_a,name_b' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: `Most results (default ${defaultLimit})` },
      },
      required: ['query'],
    },
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
