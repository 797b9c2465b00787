import type { CatalogTool } from '@loadout/core';
import { fnv1a64 } from '@loadout/core/utils';

const toolHashes = new WeakMap<CatalogTool, string>();

/**
 * A 64-bit content hash (FNV-1a 64) of what a mod
 * may read from a tool: description, input schema, server and kind. Memoized
 * per tool object (catalog tools are immutable).
 */
export function toolContentHash(tool: CatalogTool): string {
  let hash = toolHashes.get(tool);
  if (hash === undefined) {
    hash = fnv1a64(
      `${tool.kind}\u0000${tool.server ?? ''}\u0000${tool.description}\u0000${JSON.stringify(tool.inputSchema)}`,
    );
    toolHashes.set(tool, hash);
  }
  return hash;
}
