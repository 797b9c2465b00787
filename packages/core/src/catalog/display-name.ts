import type { ToolKind } from './tool.js';

/** `mcp__<server>__<name>` for an MCP tool with a server, else `name`. */
export function toDisplayName(name: string, server: string | null, kind: ToolKind): string {
  return kind === 'mcp' && server !== null ? `mcp__${server}__${name}` : name;
}
