import { tryParseJson } from '@loadout/core';
import { isRecord } from '@loadout/core/utils';
import type { OutputFileKind } from './guard-output-file.js';

/** Whether `text` is a catalog snapshot as `loadout catalog pull` writes it: `{mcpServers: {name: {alwaysLoad?}}, tools: {name: {tools: [...]}}}`. */
function isCatalogSnapshot(text: string): boolean {
  const value = tryParseJson(text);
  if (!isRecord(value) || !isRecord(value['tools']) || !isRecord(value['mcpServers'])) return false;
  if (Object.keys(value).some((key) => key !== 'tools' && key !== 'mcpServers')) return false;
  // A server config (.mcp.json) has mcpServers with a command or a url; a snapshot's only say alwaysLoad.
  const servers = Object.values(value['mcpServers']).every((server) => isRecord(server) && Object.keys(server).every((key) => key === 'alwaysLoad'));
  return servers && Object.values(value['tools']).every((listing) => isRecord(listing) && Array.isArray(listing['tools']));
}

/** What `loadout catalog pull --out` may replace without `--force`: a snapshot a previous pull wrote. */
export const CATALOG_SNAPSHOT_FILE: OutputFileKind = {
  what: 'a catalog snapshot (what loadout catalog pull writes)',
  recognise: isCatalogSnapshot,
  maxBytes: 512 * 1024 * 1024,
  remedy: 'name another file, or pass --force to replace it',
};
