import type { CatalogTool } from '../catalog/tool.js';

/** A tool's input schema as every provider's function parameters take it: a copy, `type: "object"` added first when missing. */
export function objectInputSchema(tool: CatalogTool): Record<string, unknown> {
  const schema = tool.inputSchema;
  return schema['type'] === undefined ? { type: 'object', ...schema } : { ...schema };
}
