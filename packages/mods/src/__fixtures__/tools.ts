import type { CatalogTool, ToolDescribeEvent, ToolKind } from '@loadout/core';

/** A catalog tool built by hand. */
export function makeTool(
  name: string,
  options: { server?: string; kind?: ToolKind; description?: string; inputSchema?: CatalogTool['inputSchema'] } = {},
): CatalogTool {
  const server = options.server ?? null;
  const kind = options.kind ?? 'mcp';
  const displayName = server !== null && kind === 'mcp' ? `mcp__${server}__${name}` : name;
  return {
    name,
    displayName,
    apiName: displayName,
    description: options.description ?? `${name} description`,
    inputSchema: options.inputSchema ?? { type: 'object', properties: {} },
    server,
    kind,
    alwaysLoad: false,
    meta: {},
  };
}

/** The event a planner passes: core tools upfront, everything else deferred unless told. */
export function baseEvent(tool: CatalogTool, isDeferred = tool.kind !== 'core'): ToolDescribeEvent {
  return { tool, description: tool.description, isDeferred, provider: tool.server ?? tool.kind };
}
