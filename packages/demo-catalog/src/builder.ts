import type { JsonObject, ServerSettings, ToolInput, ToolKind } from '@loadout/core';
import { objectSchema } from './schema.js';
import type { Property } from './schema.js';

/** Options of one demo tool. */
export interface DemoToolOptions {
  /** Mark the tool `_meta["anthropic/alwaysLoad"]: true`, as an MCP server would. Default: false. */
  alwaysLoad?: boolean;
}

/** A demo tool before it is attached to a service. */
export interface DemoTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonObject;
  readonly alwaysLoad: boolean;
}

/** One MCP service of the demo: its server name, settings and tools. */
export interface DemoService {
  readonly server: string;
  readonly settings: ServerSettings;
  readonly tools: readonly ToolInput[];
}

/** Declares a tool; parameter keys ending in `?` are optional. */
export function tool(name: string, description: string, parameters: Record<string, Property> = {}, options: DemoToolOptions = {}): DemoTool {
  return { name, description, inputSchema: objectSchema(parameters), alwaysLoad: options.alwaysLoad ?? false };
}

/** Attaches tools to an MCP server, as its `tools/list` would return them. */
export function service(server: string, tools: readonly DemoTool[], settings: ServerSettings = {}): DemoService {
  return {
    server,
    settings,
    tools: tools.map((entry) => {
      const input: ToolInput = { name: entry.name, description: entry.description, inputSchema: entry.inputSchema, server, kind: 'mcp' };
      if (entry.alwaysLoad) input._meta = { 'anthropic/alwaysLoad': true };
      return input;
    }),
  };
}

/** A built-in tool (no server) of the given kind. */
export function builtin(kind: Exclude<ToolKind, 'mcp'>, entry: DemoTool): ToolInput {
  return { name: entry.name, description: entry.description, inputSchema: entry.inputSchema, kind };
}
