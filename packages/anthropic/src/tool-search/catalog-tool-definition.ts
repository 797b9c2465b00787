import type { CatalogTool } from '@loadout/core';
import { objectInputSchema } from '@loadout/core/adapter';
import type { CustomToolDefinition } from '../api-types.js';

/** The definition a catalog tool is sent with: its API name, the description after mods, its schema. */
export function catalogToolDefinition(tool: CatalogTool, description: string, deferred: boolean): CustomToolDefinition {
  const definition: CustomToolDefinition = {
    name: tool.apiName,
    ...(description === '' ? {} : { description }),
    input_schema: objectInputSchema(tool) as CustomToolDefinition['input_schema'],
  };
  return deferred ? { ...definition, defer_loading: true } : definition;
}


