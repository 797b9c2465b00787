import { objectInputSchema } from '@loadout/core/adapter';
import type { CatalogTool, PlannedTool } from '@loadout/core';
import { namespaceName } from '../shared/namespace-name.js';
import type { FunctionToolDefinition, LoadedToolDefinition } from './responses-types.js';

/** A catalog tool as a Responses function: its API name, the description after mods, its schema. */
export function functionDefinition(tool: CatalogTool, planned: PlannedTool | undefined, deferred = false): FunctionToolDefinition {
  const description = planned?.description ?? tool.description;
  return {
    type: 'function',
    name: tool.apiName,
    ...(description === '' ? {} : { description }),
    parameters: objectInputSchema(tool),
    strict: false,
    ...(deferred ? { defer_loading: true } : {}),
  };
}

/**
 * Functions as they are sent: plain, or (with `namespaces`) those of one
 * server grouped in one `namespace` tool where the first of them stood;
 * tools without a server stay plain.
 */
export function groupFunctions(entries: readonly { tool: CatalogTool; definition: FunctionToolDefinition }[], namespaces: boolean): LoadedToolDefinition[] {
  if (!namespaces) return entries.map((entry) => entry.definition);
  const grouped: LoadedToolDefinition[] = [];
  const byServer = new Map<string, FunctionToolDefinition[]>();
  for (const { tool, definition } of entries) {
    if (tool.server === null) {
      grouped.push(definition);
      continue;
    }
    const name = namespaceName(tool.server);
    let members = byServer.get(name);
    if (members === undefined) {
      members = [];
      byServer.set(name, members);
      grouped.push({ type: 'namespace', name, description: `Tools of the ${tool.server} server.`, tools: members });
    }
    members.push(definition);
  }
  return grouped;
}
