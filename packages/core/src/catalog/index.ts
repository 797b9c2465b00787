export type { JsonValue, JsonObject } from './json.js';
export type { ToolKind, ToolInput, CatalogTool } from './tool.js';
export { ALWAYS_LOAD_META_KEY } from './tool.js';
export type { Catalog, CatalogIssue, ServerSettings } from './catalog.js';
