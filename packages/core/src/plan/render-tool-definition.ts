import type { CatalogTool } from '../catalog/tool.js';

/**
 * The tool's definition as the Messages API receives it, as a JSON string:
 * `{"name": apiName, "description": description, "input_schema": inputSchema}`.
 * This is the text whose tokens `auto` counts. Throws only if the input
 * schema cannot be serialised (a cycle).
 */
export function renderToolDefinition(tool: CatalogTool, description: string): string {
  return JSON.stringify({ name: tool.apiName, description, input_schema: tool.inputSchema });
}
