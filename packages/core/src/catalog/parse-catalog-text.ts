import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import type { CatalogIssue, ServerSettings } from './catalog.js';
import { isPlainObject } from './is-plain-object.js';
import { collectMcpTools, readMcpServerSettings } from './mcp-listing.js';
import { parseJson } from './parse-json.js';
import { jsonLines, stripBom } from '../json/json-lines.js';
import { tryParseJson } from '../json/try-parse-json.js';
import type { ToolInput } from './tool.js';

/** Text formats {@link parseCatalogText} reads. */
export type CatalogTextFormat = 'auto' | 'json' | 'jsonl';

/** Options of {@link parseCatalogText}. */
export interface ParseCatalogTextOptions {
  /** Where the text came from (a file path); used in messages. Default: `catalog`. */
  source?: string;
  /**
   * `json`: one JSON document; `jsonl`: one tool per line, blank lines
   * allowed; `auto`: JSONL when the first non-blank line is a complete JSON
   * object and more lines follow, else JSON. Default: `auto`.
   */
  format?: CatalogTextFormat;
}

/** What {@link parseCatalogText} found: unvalidated tools (validate with `createCatalog`) and server settings. */
export interface ParsedCatalogText {
  tools: ToolInput[];
  servers: Record<string, ServerSettings>;
  /** Listings skipped while reading (an MCP snapshot's tools for a server not in `mcpServers`). */
  issues: CatalogIssue[];
}

function parseJsonLines(text: string, label: string): ParsedCatalogText {
  return { tools: jsonLines(text).map((line) => parseJson(line.text, label, line.line) as ToolInput), servers: {}, issues: [] };
}

function looksLikeJsonLines(text: string): boolean {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{')) return false;
  const newline = trimmed.indexOf('\n');
  if (newline < 0 || trimmed.slice(newline + 1).trim().length === 0) return false;
  return isPlainObject(tryParseJson(trimmed.slice(0, newline)));
}

function readServerSettings(servers: unknown, label: string): Record<string, ServerSettings> {
  if (servers === undefined || servers === null) return {};
  return readMcpServerSettings(servers, label, 'servers');
}

function fromDocument(document: unknown, label: string, format: CatalogTextFormat): ParsedCatalogText {
  if (Array.isArray(document)) return { tools: document as ToolInput[], servers: {}, issues: [] };
  if (isPlainObject(document)) {
    if (document['mcpServers'] !== undefined) {
      const servers = readMcpServerSettings(document['mcpServers'], label);
      const listed = document['tools'] ?? {};
      if (Array.isArray(listed)) return { tools: listed as ToolInput[], servers, issues: [] };
      return { ...collectMcpTools(servers, listed, label), servers };
    }
    if (Array.isArray(document['tools'])) {
      return { tools: document['tools'] as ToolInput[], servers: readServerSettings(document['servers'], label), issues: [] };
    }
    if (format === 'auto' && typeof document['name'] === 'string' && document['tools'] === undefined) {
      return { tools: [document as unknown as ToolInput], servers: {}, issues: [] };
    }
  }
  const names = isPlainObject(document) ? Object.keys(document) : [];
  const keys = !isPlainObject(document) ? describeValue(document) : names.length === 0 ? 'an empty object' : `an object with ${names.length === 1 ? 'the key' : 'keys'} ${names.slice(0, 5).map((name) => JSON.stringify(name)).join(', ')}${names.length > 5 ? ', …' : ''}${isPlainObject(document) && document['tools'] !== undefined ? ` ("tools" is ${describeValue(document['tools'])}, not a list)` : ''}`;
  throw createLoadoutError(
    'catalog-invalid-format',
    `${label}: expected an array of tools, { "tools": [...] } or { "mcpServers": {...}, "tools": {...} }, got ${keys}`,
    { source: label },
  );
}

/**
 * Reads a catalog from text, without validating the tools. Accepts a JSON
 * array of tools; `{ "tools": [...], "servers"?: {...} }`; JSONL, one tool
 * per line; and an MCP snapshot `{ "mcpServers": {...}, "tools": { "<server>":
 * <tools/list result or array> } }`, whose tools get `server` and kind `mcp`.
 * Throws `catalog-invalid-json` (with line, column and position) for
 * malformed JSON and `catalog-invalid-format` for any other top-level shape.
 * Empty text is an empty catalog in `auto` and `jsonl`.
 */
export function parseCatalogText(text: string, options: ParseCatalogTextOptions = {}): ParsedCatalogText {
  const { source: label = 'catalog', format = 'auto' } = options;
  if (typeof text !== 'string') {
    throw createLoadoutError('invalid-input', `${label}: catalog text must be a string (got ${describeValue(text)})`, { source: label });
  }
  if (format !== 'auto' && format !== 'json' && format !== 'jsonl') {
    throw createLoadoutError('invalid-option', `format must be "auto", "json" or "jsonl" (got ${describeValue(format)})`, {
      option: 'format',
    });
  }
  const body = stripBom(text);
  if (format === 'jsonl') return parseJsonLines(body, label);
  if (format === 'auto') {
    if (body.trim().length === 0) return { tools: [], servers: {}, issues: [] };
    if (looksLikeJsonLines(body)) return parseJsonLines(body, label);
  }
  return fromDocument(parseJson(body, label), label, format);
}
