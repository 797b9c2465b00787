import type { CatalogTool, JsonObject, JsonValue } from '@loadout/core';

/** The texts of a tool that embedders weigh separately. */
export interface ToolFields {
  /** The tool's own name (not the `mcp__server__` display name). */
  readonly name: string;
  readonly description: string;
  /** Names of the top-level properties of `inputSchema`, space-separated. */
  readonly parameterNames: string;
  /** Descriptions of the top-level properties of `inputSchema`, space-separated. */
  readonly parameterDescriptions: string;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Extracts the {@link ToolFields} of a catalog tool. Pure. */
export function toolFields(tool: CatalogTool): ToolFields {
  const properties = tool.inputSchema['properties'];
  const names: string[] = [];
  const descriptions: string[] = [];
  if (isObject(properties)) {
    for (const [name, schema] of Object.entries(properties)) {
      names.push(name);
      if (isObject(schema) && typeof schema['description'] === 'string') descriptions.push(schema['description']);
    }
  }
  return {
    name: tool.name,
    description: tool.description,
    parameterNames: names.join(' '),
    parameterDescriptions: descriptions.join(' '),
  };
}

/** The one-line text a sentence embedder reads for a tool: `name: description` (just `name` without one). */
export function toolSentence(tool: CatalogTool): string {
  return tool.description.length > 0 ? `${tool.name}: ${tool.description}` : tool.name;
}
