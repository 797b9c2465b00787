import type { LoadoutErrorCode } from '../errors/error-codes.js';
import { describeValue } from '../errors/loadout-error.js';
import type { CatalogIssue } from './catalog.js';
import { toDisplayName } from './display-name.js';
import { isPlainObject } from './is-plain-object.js';
import type { JsonObject } from './json.js';
import { ALWAYS_LOAD_META_KEY } from './tool.js';
import type { CatalogTool, ToolKind } from './tool.js';

/** A validated tool before its API name is assigned. */
export type NormalizedTool = Omit<CatalogTool, 'apiName'>;

/** Longest tool name accepted, in UTF-16 code units. */
export const MAX_TOOL_NAME_LENGTH = 256;

const kinds: ReadonlySet<string> = new Set<ToolKind>(['core', 'builtin', 'mcp']);
const emptyMeta: JsonObject = Object.freeze({}) as JsonObject;

function issue(code: LoadoutErrorCode, message: string, index: number, name?: string, source?: string): CatalogIssue {
  const result: { -readonly [K in keyof CatalogIssue]: CatalogIssue[K] } = { code, message, index };
  if (name !== undefined) result.name = name;
  if (source !== undefined) result.source = source;
  return result;
}

/** The default input schema, for an absent or `null` one. */
export function emptyInputSchema(): JsonObject {
  return { type: 'object', properties: {} };
}

/**
 * Validates one raw tool. Returns the normalized tool or the issue that
 * disqualifies it. `null` counts as absent for every optional field.
 */
export function normalizeTool(value: unknown, index: number, source?: string): NormalizedTool | CatalogIssue {
  const where = source === undefined ? `tool at index ${index}` : `${source}: tool at index ${index}`;
  if (!isPlainObject(value)) {
    return issue('catalog-invalid-tool', `${where} is not an object (got ${describeValue(value)})`, index, undefined, source);
  }
  const name = value['name'];
  if (typeof name !== 'string' || name.length === 0) {
    return issue('catalog-missing-name', `${where} has no name (got ${describeValue(name)})`, index, undefined, source);
  }
  const bad = (code: LoadoutErrorCode, what: string, got: unknown): CatalogIssue =>
    issue(code, `${where} (${describeValue(name)}) ${what} (got ${describeValue(got)})`, index, name, source);
  if (name.length > MAX_TOOL_NAME_LENGTH) {
    return bad('catalog-invalid-tool', `has a name longer than ${MAX_TOOL_NAME_LENGTH} characters`, name.length);
  }
  const server = value['server'] ?? null;
  if (server !== null && (typeof server !== 'string' || server.length === 0)) {
    return bad('catalog-invalid-tool', 'has an invalid server: expected a non-empty string or null', server);
  }
  const kind = value['kind'] ?? 'mcp';
  if (typeof kind !== 'string' || !kinds.has(kind)) {
    return bad('catalog-invalid-tool', 'has an invalid kind: expected "core", "builtin" or "mcp"', kind);
  }
  const description = value['description'] ?? '';
  if (typeof description !== 'string') {
    return bad('catalog-invalid-tool', 'has a non-string description', description);
  }
  const rawSchema = value['inputSchema'] ?? null;
  if (rawSchema !== null && !isPlainObject(rawSchema)) {
    return bad('catalog-invalid-schema', 'has an inputSchema that is not a JSON object', rawSchema);
  }
  if (rawSchema !== null && rawSchema['type'] !== undefined && rawSchema['type'] !== 'object') {
    return bad('catalog-invalid-schema', 'has an inputSchema that is not an object schema (its type must be "object" or absent)', rawSchema['type']);
  }
  const tokens = value['tokens'] ?? undefined;
  if (tokens !== undefined && !(typeof tokens === 'number' && Number.isSafeInteger(tokens) && tokens >= 0)) {
    return bad('catalog-invalid-tool', 'has invalid tokens: expected a non-negative integer', tokens);
  }
  const rawMeta = value['_meta'] ?? null;
  if (rawMeta !== null && !isPlainObject(rawMeta)) {
    return bad('catalog-invalid-tool', 'has a _meta that is not a JSON object', rawMeta);
  }
  const alwaysLoadFlag = value['alwaysLoad'] ?? false;
  if (typeof alwaysLoadFlag !== 'boolean') {
    return bad('catalog-invalid-tool', 'has a non-boolean alwaysLoad', alwaysLoadFlag);
  }
  const meta = rawMeta === null ? emptyMeta : (rawMeta as JsonObject);
  const toolKind = kind as ToolKind;
  const tool: { -readonly [K in keyof NormalizedTool]: NormalizedTool[K] } = {
    name,
    displayName: toDisplayName(name, server, toolKind),
    description,
    inputSchema: rawSchema === null ? emptyInputSchema() : (rawSchema as JsonObject),
    server,
    kind: toolKind,
    alwaysLoad: alwaysLoadFlag || meta[ALWAYS_LOAD_META_KEY] === true,
    meta,
  };
  if (tokens !== undefined) tool.tokens = tokens;
  return tool;
}

/** Distinguishes the two results of {@link normalizeTool}. */
export function isCatalogIssue(value: NormalizedTool | CatalogIssue): value is CatalogIssue {
  return 'code' in value;
}
