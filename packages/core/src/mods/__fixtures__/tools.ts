import { toDisplayName } from '../../catalog/display-name.js';
import type { CatalogTool, ToolKind } from '../../catalog/tool.js';
import type { ToolDescribeEvent } from '../mod.js';

/** A catalog tool built by hand, so mod tests do not depend on catalog parsing. */
export function makeTool(name: string, options: { server?: string; kind?: ToolKind; description?: string } = {}): CatalogTool {
  const server = options.server ?? null;
  const kind = options.kind ?? 'mcp';
  const displayName = toDisplayName(name, server, kind);
  return {
    name,
    displayName,
    apiName: displayName,
    description: options.description ?? `${name} description`,
    inputSchema: { type: 'object', properties: {} },
    server,
    kind,
    alwaysLoad: false,
    meta: {},
  };
}

/** The event the planner would pass: core tools upfront, everything else deferred unless told. */
export function baseEvent(tool: CatalogTool, isDeferred = tool.kind !== 'core'): ToolDescribeEvent {
  return { tool, description: tool.description, isDeferred, provider: tool.server ?? tool.kind };
}
