import type { ToolKind } from './tool.js';

/**
 * `mcp__<server>__<name>` for an MCP tool with a server, else `name`. A
 * name that already starts with its server's `mcp__<server>__` (copied from
 * a client's tool list) is its own display name, not prefixed twice; the
 * name itself is kept, as the server may call its tool so.
 */
export function toDisplayName(name: string, server: string | null, kind: ToolKind): string {
  if (kind !== 'mcp' || server === null) return name;
  const prefix = `mcp__${server}__`;
  return name.startsWith(prefix) && name.length > prefix.length ? name : `${prefix}${name}`;
}
