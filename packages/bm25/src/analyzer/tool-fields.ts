import type { CatalogTool, JsonObject, JsonValue } from '@loadout/core';

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

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function walkProperties(schema: JsonObject, depth: number, names: string[], descriptions: string[]): void {
  const properties = schema['properties'];
  if (!isObject(properties)) return;
  for (const [name, property] of Object.entries(properties)) {
    names.push(name);
    if (!isObject(property)) continue;
    const description = property['description'];
    if (typeof description === 'string' && description.length > 0) descriptions.push(description);
    if (depth <= 1) continue;
    walkProperties(property, depth - 1, names, descriptions);
    const items = property['items'];
    if (isObject(items)) walkProperties(items, depth - 1, names, descriptions);
  }
}

/**
 * The field texts of a tool: `name` is the tool's own name (plus its display
 * name when that is not just `mcp__<server>__<name>`, whose server part
 * belongs to `server`); parameter names and descriptions come from
 * `inputSchema.properties`, descending into nested `properties` and array
 * `items` up to `schemaDepth` levels (1 = top level only).
 */
export function extractToolFields(tool: CatalogTool, schemaDepth: number): ToolFieldTexts {
  const names: string[] = [];
  const descriptions: string[] = [];
  walkProperties(tool.inputSchema, schemaDepth, names, descriptions);
  const serverForm = tool.server === null ? tool.name : `mcp__${tool.server}__${tool.name}`;
  const name = tool.displayName === tool.name || tool.displayName === serverForm ? tool.name : `${tool.name} ${tool.displayName}`;
  return {
    name,
    description: tool.description,
    parameterNames: names.join(' '),
    parameterDescriptions: descriptions.join('\n'),
    server: tool.server ?? '',
    usage: '',
  };
}
