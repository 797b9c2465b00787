import type { OutputFileKind } from './guard-output-file.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `text` is a catalog snapshot as `loadout catalog pull` writes it: `{mcpServers: {name: {alwaysLoad?}}, tools: {name: {tools: [...]}}}`. */
function isCatalogSnapshot(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isObject(value) || !isObject(value['tools']) || !isObject(value['mcpServers'])) return false;
  if (Object.keys(value).some((key) => key !== 'tools' && key !== 'mcpServers')) return false;
  // A server config (.mcp.json) has mcpServers with a command or a url; a snapshot's only say alwaysLoad.
  const servers = Object.values(value['mcpServers']).every((server) => isObject(server) && Object.keys(server).every((key) => key === 'alwaysLoad'));
  return servers && Object.values(value['tools']).every((listing) => isObject(listing) && Array.isArray(listing['tools']));
}

/** What `loadout catalog pull --out` may replace without `--force`: a snapshot a previous pull wrote. */
export const CATALOG_SNAPSHOT_FILE: OutputFileKind = {
  what: 'a catalog snapshot (what loadout catalog pull writes)',
  recognise: isCatalogSnapshot,
  maxBytes: 512 * 1024 * 1024,
  remedy: 'name another file, or pass --force to replace it',
};
