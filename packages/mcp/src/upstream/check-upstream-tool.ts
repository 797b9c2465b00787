import { specTypeSchemas, type Tool } from '@modelcontextprotocol/client';

/**
 * Checks one raw tool of a `tools/list` page against MCP's Tool schema (the
 * schema a downstream client will hold the gateway's own list to). Returns
 * the tool, or a one-line reason naming its position, name and the first
 * offending field.
 */
export function checkUpstreamTool(raw: unknown, index: number): { tool: Tool } | { problem: string } {
  const parsed = specTypeSchemas.Tool['~standard'].validate(raw);
  if (parsed.issues === undefined) return { tool: raw as Tool };
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  const label = typeof name === 'string' ? `tool ${index} (${JSON.stringify(name)})` : `tool ${index}`;
  const issue = parsed.issues[0];
  const path = issue?.path === undefined || issue.path.length === 0 ? 'tool' : issue.path.map((key) => (typeof key === 'object' ? String(key.key) : String(key))).join('.');
  return { problem: `${label}: ${path}: ${issue?.message ?? 'invalid'}` };
}
