import type { JsonObject } from './json.js';

/**
 * What kind of tool this is, which decides how tool search treats it:
 * - `core`: a core built-in (Bash, Read, Edit): always upfront, never counted, no mod can move it;
 * - `builtin`: a built-in that loads on demand: deferrable and counted;
 * - `mcp`: a tool from an MCP server (the default): deferrable and counted unless `alwaysLoad`.
 */
export type ToolKind = 'core' | 'builtin' | 'mcp';

/** The `_meta` key by which an MCP server marks one tool always loaded. */
export const ALWAYS_LOAD_META_KEY = 'anthropic/alwaysLoad';

/**
 * A tool as a user or a file supplies it, before validation. Only `name` is
 * required. Field names follow MCP's `tools/list` (`inputSchema`, `_meta`).
 */
export interface ToolInput {
  /** The tool's own name, as its server gives it; any string of 1–256 characters. */
  name: string;
  /** What the tool does. Default: empty. */
  description?: string;
  /** JSON Schema of the arguments: an object schema (`type` `"object"` or absent; any other `type` skips the tool). Default (also for `null`): `{ "type": "object", "properties": {} }`. */
  inputSchema?: JsonObject | null;
  /** The MCP server that provides the tool. Default: none (a built-in or a code-defined tool). */
  server?: string | null;
  /** Default: `mcp`. */
  kind?: ToolKind;
  /** Tool-level always-load flag; same effect as `_meta["anthropic/alwaysLoad"]`. Default: false. */
  alwaysLoad?: boolean;
  /** MCP `_meta`; `anthropic/alwaysLoad: true` keeps the tool upfront. */
  _meta?: JsonObject;
  /** A known token count of the definition; when absent the engine counts it. Non-negative integer. */
  tokens?: number;
}

/**
 * A validated tool of a {@link Catalog}. Immutable. `name` is kept as given
 * (for search and display); `apiName` is safe for the Messages API
 * (`^[a-zA-Z0-9_-]{1,64}$`) and unique within the catalog.
 */
export interface CatalogTool {
  /** The tool's own name, unchanged. */
  readonly name: string;
  /** `mcp__<server>__<name>` for MCP tools with a server, else `name`. Unique within a catalog. */
  readonly displayName: string;
  /** A Messages-API-safe, collision-free name; maps back through {@link Catalog.byApiName}. */
  readonly apiName: string;
  readonly description: string;
  readonly inputSchema: JsonObject;
  readonly server: string | null;
  readonly kind: ToolKind;
  /** Tool-level always-load (from `alwaysLoad` or `_meta`); server-level lives in {@link Catalog.servers}. */
  readonly alwaysLoad: boolean;
  readonly meta: JsonObject;
  /** A token count supplied with the tool, if any. */
  readonly tokens?: number;
}
