import type { Catalog, CatalogTool } from '@loadout/core';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import { GatewayCallError } from '../upstream/gateway-call-error.js';

/**
 * The tool `name` calls: by API name (`mcp__server__tool`) or display name,
 * else by its own name when exactly one server has it. Undefined when no
 * tool has the name; throws -32602 `mcp-tool-ambiguous`, naming every full
 * name, when two or more servers have a tool of that bare name, so a call
 * never silently goes to one of them.
 */
export function resolveToolName(catalog: Catalog, name: string): CatalogTool | undefined {
  const direct = catalog.byApiName.get(name) ?? catalog.byDisplayName.get(name);
  if (direct !== undefined) return direct;
  const sameName = catalog.tools.filter((tool) => tool.name === name);
  if (sameName.length <= 1) return sameName[0];
  const names = sameName.map((tool) => tool.apiName);
  throw new GatewayCallError(
    ProtocolErrorCode.InvalidParams,
    `tool ${JSON.stringify(name)} is ambiguous: ${names.length} servers have it (${names.join(', ')}); call one by its full name`,
    { code: 'mcp-tool-ambiguous', tool: name, candidates: names },
  );
}
