import { createLoadoutError, describeValue } from '../errors/loadout-error.js';
import type { Catalog } from './catalog.js';
import { createCatalog } from './create-catalog.js';
import type { CreateCatalogOptions } from './create-catalog-options.js';
import { isPlainObject } from './is-plain-object.js';
import { collectMcpTools, readMcpServerSettings } from './mcp-listing.js';
import type { McpServerConfig, McpTool, McpToolListing } from './mcp-types.js';
import { withEarlierIssues } from './with-earlier-issues.js';

/**
 * Builds a catalog from an `mcpServers` config and each server's
 * `tools/list` result (or bare array of tools). Every tool gets kind `mcp`
 * and its server; `_meta["anthropic/alwaysLoad"]` is honoured, and a
 * server's `alwaysLoad` lands in `catalog.servers` (`options.servers`
 * overrides per server). A listing for a server absent from the config is
 * skipped and reported as `catalog-unknown-server` (thrown when `strict`).
 */
export function catalogFromMcpServers(
  config: { readonly mcpServers: Readonly<Record<string, McpServerConfig>> },
  listings: Readonly<Record<string, McpToolListing | readonly McpTool[]>>,
  options: CreateCatalogOptions = {},
): Catalog {
  if (!isPlainObject(config)) {
    throw createLoadoutError('invalid-input', `config must be an object with mcpServers (got ${describeValue(config)})`);
  }
  const servers = readMcpServerSettings(config.mcpServers, options.source);
  const { tools, issues } = collectMcpTools(servers, listings, options.source);
  return withEarlierIssues(
    () => createCatalog(tools, { ...options, servers: { ...servers, ...options.servers } }),
    issues,
    options.strict ?? false,
  );
}
