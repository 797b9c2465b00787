import type { CatalogTool } from '@loadout/core';
import { toolTextFields } from '@loadout/core/utils';

/** The fields BM25F scores, in their fixed order (index = field number in postings and blobs). */
export const TOOL_FIELDS = ['name', 'description', 'parameterNames', 'parameterDescriptions', 'server', 'usage'] as const;

/** One of {@link TOOL_FIELDS}. */
export type ToolField = (typeof TOOL_FIELDS)[number];

/**
 * The text of each field of one tool, before tokenisation. `usage` is the
 * deployment's past queries of the tool; a tool's own text never has any
 * (see `Bm25RankerOptions.usage`).
 */
export type ToolFieldTexts = Record<ToolField, string>;

/**
 * The field texts of a tool: `name` is the tool's own name (plus its display
 * name when that is not just `mcp__<server>__<name>`, whose server part
 * belongs to `server`); parameter names and descriptions are core's
 * `toolTextFields` up to `schemaDepth` levels (1 = top level only).
 */
export function extractToolFields(tool: CatalogTool, schemaDepth: number): ToolFieldTexts {
  const { parameters } = toolTextFields(tool, { schemaDepth });
  const descriptions: string[] = [];
  for (const parameter of parameters) if (parameter.description.length > 0) descriptions.push(parameter.description);
  const serverForm = tool.server === null ? tool.name : `mcp__${tool.server}__${tool.name}`;
  const name = tool.displayName === tool.name || tool.displayName === serverForm ? tool.name : `${tool.name} ${tool.displayName}`;
  return {
    name,
    description: tool.description,
    parameterNames: parameters.map((parameter) => parameter.name).join(' '),
    parameterDescriptions: descriptions.join('\n'),
    server: tool.server ?? '',
    usage: '',
  };
}
