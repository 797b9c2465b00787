import type { ServerSettings, ToolInput } from '@loadout/core';

/** A catalog as plain input: tools and server settings. */
export interface CatalogSource {
  readonly tools: readonly ToolInput[];
  readonly servers: Readonly<Record<string, ServerSettings>>;
}

/** Workspace names the copies of each server are given, then numbers. */
const WORKSPACES = [
  'acme', 'globex', 'initech', 'umbrella', 'hooli', 'stark', 'wayne', 'wonka', 'tyrell', 'cyberdyne',
  'soylent', 'oscorp', 'aperture', 'vandelay', 'dunder', 'massive', 'nakatomi', 'gringotts', 'monarch', 'prestige',
  'rekall', 'virtucon', 'weyland', 'zorg', 'bluth', 'krusty', 'pawnee', 'sterling', 'wernham', 'bachman',
];

function workspaceName(copy: number): string {
  return WORKSPACES[copy] ?? `team${copy + 1}`;
}

/**
 * A large catalog for the stress test: every tool of `base`, then copies of
 * its MCP servers as other workspaces' installs (`github-acme`, …, server
 * settings copied, descriptions tagged with the workspace) until there are
 * exactly `size` tools. Deterministic. `size` is an integer at least the
 * base's tool count; default 10,000 (the most one catalog may hold).
 */
export function synthesizeCatalog(base: CatalogSource, size = 10_000): CatalogSource {
  if (!Number.isInteger(size) || size < base.tools.length) {
    throw new RangeError(`synthesizeCatalog: size must be an integer of at least ${base.tools.length} (got ${size})`);
  }
  const tools: ToolInput[] = [...base.tools];
  const servers: Record<string, ServerSettings> = { ...base.servers };
  const mcpTools = base.tools.filter((tool) => typeof tool.server === 'string' && tool.server !== '');
  if (mcpTools.length === 0 && size > tools.length) {
    throw new RangeError('synthesizeCatalog: the base catalog has no MCP tools to copy');
  }
  for (let copy = 0; tools.length < size; copy++) {
    const workspace = workspaceName(copy);
    for (const tool of mcpTools) {
      if (tools.length >= size) break;
      const server = `${tool.server as string}-${workspace}`;
      servers[server] ??= { ...base.servers[tool.server as string] };
      tools.push({ ...tool, server, description: `${tool.description ?? ''} (${workspace} workspace)`.trim() });
    }
  }
  return { tools, servers };
}
