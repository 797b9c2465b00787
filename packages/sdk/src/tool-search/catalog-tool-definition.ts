import type { CatalogTool, ToolInput } from '@loadout/core';
import type { CustomToolDefinition } from '../api-types.js';

/** The definition a catalog tool is sent with: its API name, the description after mods, its schema. */
export function catalogToolDefinition(tool: CatalogTool, description: string, deferred: boolean): CustomToolDefinition {
  const schema = tool.inputSchema;
  const definition: CustomToolDefinition = {
    name: tool.apiName,
    ...(description === '' ? {} : { description }),
    input_schema: (schema['type'] === undefined ? { type: 'object', ...schema } : schema) as CustomToolDefinition['input_schema'],
  };
  return deferred ? { ...definition, defer_loading: true } : definition;
}

/** A catalog tool as a policy input tool, so the planner sees exactly the catalog. */
export function toPolicyTool(tool: CatalogTool): ToolInput {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    server: tool.server,
    kind: tool.kind,
    alwaysLoad: tool.alwaysLoad,
    _meta: tool.meta,
    ...(tool.tokens === undefined ? {} : { tokens: tool.tokens }),
  };
}
