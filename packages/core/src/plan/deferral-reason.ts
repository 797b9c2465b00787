import type { ServerSettings } from '../catalog/catalog.js';
import type { CatalogTool } from '../catalog/tool.js';
import type { DeferralReason } from './plan-types.js';

/** Whether the tool's server is marked `alwaysLoad`. */
export function isServerAlwaysLoad(tool: CatalogTool, servers: Readonly<Record<string, ServerSettings>>): boolean {
  return tool.server !== null && servers[tool.server]?.alwaysLoad === true;
}

/**
 * Why a tool sits where it does: `core` first; a tool deferred after mods is
 * `mod` when a mod moved it and tool search is on, else `deferrable` (on) or
 * `tool-search-off` (off); an upfront tool is `mod` when a mod moved it, else
 * `always-load-server` or `always-load-tool`.
 */
export function deferralReason(
  tool: CatalogTool,
  servers: Readonly<Record<string, ServerSettings>>,
  resolved: { readonly isDeferred: boolean; readonly decidedBy?: string },
  toolSearchOn: boolean,
): DeferralReason {
  if (tool.kind === 'core') return 'core';
  if (resolved.decidedBy !== undefined && (toolSearchOn || !resolved.isDeferred)) return 'mod';
  if (resolved.isDeferred) return toolSearchOn ? 'deferrable' : 'tool-search-off';
  if (isServerAlwaysLoad(tool, servers)) return 'always-load-server';
  return tool.alwaysLoad ? 'always-load-tool' : 'mod';
}
