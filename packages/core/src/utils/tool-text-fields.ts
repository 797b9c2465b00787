import type { JsonObject, JsonValue } from '../catalog/json.js';
import type { CatalogTool } from '../catalog/tool.js';

/** One argument of a tool as text. */
export interface ToolParameterText {
  /** The property name in `inputSchema.properties`. */
  readonly name: string;
  /** Its `description`; `''` when it has none (or it is not a string). */
  readonly description: string;
}

/** The searchable text of a tool, field by field, before any tokenisation: what a ranker or embedder indexes. */
export interface ToolTextFields {
  /** The tool's own name (not the `mcp__<server>__<name>` display name). */
  readonly name: string;
  /** The catalog's display name (`mcp__<server>__<name>` for MCP tools with a server, else the name). */
  readonly displayName: string;
  /** The server name; `''` for a tool without one. */
  readonly server: string;
  /** The description as listed (after mods, when the catalog was built from mod output). */
  readonly description: string;
  /**
   * The arguments in `inputSchema.properties`, depth first in schema order:
   * each property, then (up to `schemaDepth` levels) the properties nested
   * in it and in its array `items`.
   */
  readonly parameters: readonly ToolParameterText[];
}

/** Options of {@link toolTextFields}. */
export interface ToolTextFieldsOptions {
  /** Levels of `inputSchema.properties` read: 1 (default) is the top level only; an integer ≥ 1. */
  readonly schemaDepth?: number;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function walkProperties(schema: JsonObject, depth: number, out: ToolParameterText[]): void {
  const properties = schema['properties'];
  if (!isObject(properties)) return;
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) {
      out.push({ name, description: '' });
      continue;
    }
    const description = property['description'];
    out.push({ name, description: typeof description === 'string' ? description : '' });
    if (depth <= 1) continue;
    walkProperties(property, depth - 1, out);
    const items = property['items'];
    if (isObject(items)) walkProperties(items, depth - 1, out);
  }
}

/**
 * The text fields of a catalog tool: names, server, description and its
 * arguments' names and descriptions (see {@link ToolTextFields}). Pure, and
 * the one place that reads a tool's schema for text, so every ranker and
 * embedder sees the same arguments.
 */
export function toolTextFields(tool: CatalogTool, options: ToolTextFieldsOptions = {}): ToolTextFields {
  const parameters: ToolParameterText[] = [];
  walkProperties(tool.inputSchema, options.schemaDepth ?? 1, parameters);
  return { name: tool.name, displayName: tool.displayName, server: tool.server ?? '', description: tool.description, parameters };
}
