import type { Catalog, JsonValue } from '@loadout/core';
import { fnv1a64 } from '@loadout/core/utils';

/** Bumped when what the hash covers changes, so old persisted indexes are not reused. */
export const CATALOG_HASH_VERSION = 1;

function stable(value: JsonValue | undefined, ancestors: Set<object> = new Set()): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (ancestors.has(value)) return '"[cycle]"';
  ancestors.add(value);
  const text = Array.isArray(value)
    ? `[${value.map((item) => stable(item, ancestors)).join(',')}]`
    : `{${Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${stable(value[key], ancestors)}`)
        .join(',')}}`;
  ancestors.delete(value);
  return text;
}

/**
 * The content hash of a validated catalog: every tool's fields in catalog
 * order (schemas and `_meta` as JSON, in their own key order; a schema
 * that does not serialise is read with sorted keys and cycles cut) and the
 * server settings, as `v<version>-<16 hex digits>-<tool count>`. Equal
 * catalogs from different formats (pasted JSON, a file, an object) hash the
 * same; reordering tools, or keys inside a schema, changes it (at worst an
 * index is rebuilt once).
 */
export function catalogHash(catalog: Catalog): string {
  const parts: string[] = [];
  for (const tool of catalog.tools) {
    const fields = [tool.displayName, tool.name, tool.description, tool.server, tool.kind, tool.alwaysLoad, tool.tokens ?? null, tool.inputSchema, tool.meta];
    let text: string;
    try {
      text = JSON.stringify(fields);
    } catch {
      text = fields.map((field) => stable(field as JsonValue)).join('\u0001');
    }
    parts.push(text);
  }
  const servers = Object.keys(catalog.servers)
    .sort()
    .map((name) => `${name}\u0001${catalog.servers[name]?.alwaysLoad === true ? '1' : '0'}`);
  return `v${CATALOG_HASH_VERSION}-${fnv1a64(`${parts.join('\u0002')}\u0003${servers.join('\u0002')}`)}-${catalog.tools.length}`;
}
