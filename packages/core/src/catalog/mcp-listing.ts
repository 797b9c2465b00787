import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import { setOwn } from '../json/own-record.js';
import type { CatalogIssue, ServerSettings } from './catalog.js';
import { isPlainObject } from './is-plain-object.js';
import type { ToolInput } from './tool.js';

function prefix(label: string | undefined): string {
  return label === undefined ? '' : `${label}: `;
}

/**
 * Reads the server settings out of an `mcpServers` object (or, with `field`,
 * another object of the same shape, such as `servers`); throws
 * `catalog-invalid-format` for an entry that is not an object or whose
 * `alwaysLoad` is not a boolean.
 */
export function readMcpServerSettings(mcpServers: unknown, label?: string, field = 'mcpServers'): Record<string, ServerSettings> {
  if (!isPlainObject(mcpServers)) {
    throw createLoadoutError('catalog-invalid-format', `${prefix(label)}${field} must be an object (got ${describeValue(mcpServers)})`, {
      source: label,
    });
  }
  const settings: Record<string, ServerSettings> = {};
  for (const [server, config] of Object.entries(mcpServers)) {
    const alwaysLoad = isPlainObject(config) ? (config['alwaysLoad'] ?? false) : undefined;
    if (typeof alwaysLoad !== 'boolean') {
      const got = isPlainObject(config) ? config['alwaysLoad'] : config;
      const what = isPlainObject(config) ? 'alwaysLoad must be a boolean' : 'its config must be an object';
      throw createLoadoutError('catalog-invalid-format', `${prefix(label)}server ${describeValue(server)}: ${what} (got ${describeValue(got)})`, {
        server,
        source: label,
      });
    }
    setOwn(settings, server, alwaysLoad ? { alwaysLoad: true } : {});
  }
  return settings;
}

/** The tools of one `tools/list` result (`{ tools, nextCursor? }`) or a bare array of tools. */
export function listingTools(listing: unknown, server: string, label?: string): readonly unknown[] {
  if (Array.isArray(listing)) return listing;
  if (isPlainObject(listing) && Array.isArray(listing['tools'])) return listing['tools'];
  throw createLoadoutError(
    'catalog-invalid-format',
    `${prefix(label)}tools of server ${describeValue(server)} must be a tools/list result or an array (got ${describeValue(listing)})`,
    { server, source: label },
  );
}

/** An MCP tool as a {@link ToolInput} of `server`; a non-object is passed on for the catalog to report. */
export function mcpToolToInput(tool: unknown, server: string): ToolInput {
  if (!isPlainObject(tool)) return tool as ToolInput;
  const input: Record<string, unknown> = { name: tool['name'], server, kind: 'mcp' };
  if (tool['description'] !== undefined) input['description'] = tool['description'];
  if (tool['inputSchema'] !== undefined) input['inputSchema'] = tool['inputSchema'];
  if (tool['_meta'] !== undefined) input['_meta'] = tool['_meta'];
  return input as unknown as ToolInput;
}

/**
 * Flattens per-server listings into tool inputs. A listing whose server is
 * not in `servers` is left out and reported as `catalog-unknown-server`.
 */
export function collectMcpTools(
  servers: Readonly<Record<string, ServerSettings>>,
  listings: unknown,
  label?: string,
): { tools: ToolInput[]; issues: CatalogIssue[] } {
  if (!isPlainObject(listings)) {
    throw createLoadoutError('catalog-invalid-format', `${prefix(label)}tool listings must be an object keyed by server (got ${describeValue(listings)})`, {
      source: label,
    });
  }
  const tools: ToolInput[] = [];
  const issues: CatalogIssue[] = [];
  for (const [server, listing] of Object.entries(listings)) {
    const serverTools = listingTools(listing, server, label);
    if (!Object.hasOwn(servers, server)) {
      issues.push({
        code: 'catalog-unknown-server',
        message: `${prefix(label)}tools listed for server ${describeValue(server)}, which is not in mcpServers; ${serverTools.length === 1 ? 'its 1 tool is' : `its ${serverTools.length} tools are`} skipped`,
        name: server,
        ...(label === undefined ? {} : { source: label }),
      });
      continue;
    }
    for (const tool of serverTools) tools.push(mcpToolToInput(tool, server));
  }
  return { tools, issues };
}
