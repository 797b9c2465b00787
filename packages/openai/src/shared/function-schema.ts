import type { CatalogTool } from '@loadout/core';

/** A tool's input schema as OpenAI function `parameters` (an object schema; `type: "object"` added when missing). */
export function functionSchema(tool: CatalogTool): Record<string, unknown> {
  const schema = tool.inputSchema;
  return schema['type'] === undefined ? { type: 'object', ...schema } : { ...schema };
}
