import { createCatalog, createLoadoutError, DEFAULT_MAX_TOOLS, describeValue, parseCatalogText } from '@loadout/core';
import type { Catalog, ServerSettings, ToolInput } from '@loadout/core';
import { integerOption } from '@loadout/core/utils';
import { MAX_TOOLS_RANGE } from '../engine/search-limits.js';
import { catalogHash } from './catalog-hash.js';
import { deepToolIssue, findDeepTools, withoutDeepTools } from './deep-tools.js';
import type { CatalogInput, LoadCatalogOptions } from './catalog-input.js';

/** A validated catalog with what planning needs: the tool inputs it came from (kept by identity for the plan cache; without the tools skipped for nesting too deep). */
export interface ReadCatalog {
  readonly catalog: Catalog;
  readonly hash: string;
  readonly toolInputs: readonly ToolInput[];
  readonly servers: Readonly<Record<string, ServerSettings>>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function fromText(text: string, options: LoadCatalogOptions, source: string): { tools: readonly ToolInput[]; servers: Record<string, ServerSettings>; issues: Catalog['issues'] } {
  const parsed = parseCatalogText(text, options.format === undefined ? { source } : { source, format: options.format });
  return { tools: parsed.tools, servers: parsed.servers, issues: parsed.issues };
}

/**
 * Reads and validates a {@link CatalogInput}. Throws `catalog-invalid-json`
 * (with line and column) for malformed text, `catalog-invalid-format` for a
 * shape that is not a catalog, `invalid-input` for a value that is neither
 * text nor an object, `invalid-option` for a `maxTools` outside 1–1,000,000,
 * `catalog-empty` for input that holds no tools at all (`''`, `[]`, `{"tools": []}`;
 * as the CLI and `@loadout/wasm` refuse it), and `catalog-too-large` above `maxTools`; bad tools are
 * skipped and listed in `issues` (or thrown with `strict`), a tool whose
 * `inputSchema` or `_meta` nests deeper than `MAX_INPUT_SCHEMA_DEPTH` among them.
 */
export function readCatalogInput(input: CatalogInput, options: LoadCatalogOptions = {}): ReadCatalog {
  const source = options.source ?? 'catalog';
  integerOption('@loadout/browser: loadCatalog', 'maxTools', options.maxTools, undefined, MAX_TOOLS_RANGE.min, MAX_TOOLS_RANGE.max);
  let read: { tools: readonly ToolInput[]; servers: Record<string, ServerSettings>; issues: Catalog['issues'] };
  const value: unknown = input;
  if (typeof value === 'string') {
    read = fromText(value, options, source);
  } else if (Array.isArray(value)) {
    read = { tools: value as readonly ToolInput[], servers: {}, issues: [] };
  } else if (isPlainObject(value) && Array.isArray(value['tools'])) {
    const servers = value['servers'];
    if (servers !== undefined && servers !== null && !isPlainObject(servers)) {
      throw createLoadoutError('catalog-invalid-format', `${source}: servers must be an object of server settings (got ${describeValue(servers)})`, { source });
    }
    read = { tools: value['tools'] as readonly ToolInput[], servers: { ...(servers as Record<string, ServerSettings> | undefined) }, issues: [] };
  } else if (isPlainObject(value) && value['mcpServers'] !== undefined) {
    read = fromText(JSON.stringify(value), { ...options, format: 'json' }, source);
  } else if (isPlainObject(value)) {
    throw createLoadoutError(
      'catalog-invalid-format',
      `${source}: expected an array of tools, { "tools": [...] } or an MCP snapshot, got an object with keys ${describeValue(Object.keys(value))}`,
      { source },
    );
  } else {
    throw createLoadoutError('invalid-input', `${source}: a catalog must be JSON text, an array of tools or { tools }, got ${describeValue(value)}`, { source });
  }
  if (read.tools.length === 0) {
    throw createLoadoutError('catalog-empty', `${source} holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)`, { source });
  }
  const firstIssue = read.issues[0];
  if (options.strict === true && firstIssue !== undefined) {
    throw createLoadoutError(firstIssue.code, firstIssue.message, { ...(firstIssue.name === undefined ? {} : { name: firstIssue.name }), source });
  }
  const catalogOptions = {
    servers: read.servers,
    source,
    ...(options.strict === undefined ? {} : { strict: options.strict }),
    ...(options.maxTools === undefined ? {} : { maxTools: options.maxTools }),
  };
  const deep = findDeepTools(read.tools);
  const firstDeep = deep[0];
  if (options.strict === true && firstDeep !== undefined) {
    // Too many tools, or an earlier problem among the tools before it, is thrown first.
    const tooMany = read.tools.length > (options.maxTools ?? DEFAULT_MAX_TOOLS);
    createCatalog(tooMany ? read.tools : read.tools.slice(0, firstDeep.index), catalogOptions);
    const issue = deepToolIssue(firstDeep, source);
    throw createLoadoutError(issue.code, issue.message, { ...(issue.name === undefined ? {} : { name: issue.name }), source });
  }
  const validated = withoutDeepTools(createCatalog(read.tools, catalogOptions), deep, source);
  const catalog: Catalog = read.issues.length === 0 ? validated : { ...validated, issues: [...read.issues, ...validated.issues] };
  const skipped = new Set(deep.map((tool) => tool.index));
  const toolInputs = skipped.size === 0 ? read.tools : read.tools.filter((_, index) => !skipped.has(index));
  return { catalog, hash: catalogHash(catalog), toolInputs, servers: catalog.servers };
}
