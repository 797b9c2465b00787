import type { CatalogTool } from '@loadout/core';
import { toolTextFields } from '@loadout/core/utils';

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

/** The {@link ToolFields} of a catalog tool, from core's `toolTextFields` (top-level arguments). Pure. */
export function toolFields(tool: CatalogTool): ToolFields {
  const { parameters } = toolTextFields(tool);
  return {
    name: tool.name,
    description: tool.description,
    parameterNames: parameters.map((parameter) => parameter.name).join(' '),
    parameterDescriptions: parameters
      .map((parameter) => parameter.description)
      .filter((description) => description.length > 0)
      .join(' '),
  };
}

/** The one-line text a sentence embedder reads for a tool: `name: description` (just `name` without one). */
export function toolSentence(tool: CatalogTool): string {
  return tool.description.length > 0 ? `${tool.name}: ${tool.description}` : tool.name;
}
