import type { CatalogTool } from '@loadout/core';

const toolHashes = new WeakMap<CatalogTool, string>();

/**
 * A 64-bit content hash (two independent 32-bit FNV-1a lanes) of what a mod
 * may read from a tool: description, input schema, server and kind. Memoized
 * per tool object (catalog tools are immutable).
 */
export function toolContentHash(tool: CatalogTool): string {
  let hash = toolHashes.get(tool);
  if (hash === undefined) {
    hash = hashText(
      `${tool.kind}\u0000${tool.server ?? ''}\u0000${tool.description}\u0000${JSON.stringify(tool.inputSchema)}`,
    );
    toolHashes.set(tool, hash);
  }
  return hash;
}

/** Two 32-bit FNV-1a lanes with different offset bases, in base 36. Not for security. */
export function hashText(text: string): string {
  let left = 0x811c9dc5;
  let right = 0x050c5d1f;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    left = Math.imul(left ^ code, 0x01000193);
    right = Math.imul(right ^ code, 0x01000193) ^ (right >>> 15);
  }
  return `${(left >>> 0).toString(36)}.${(right >>> 0).toString(36)}`;
}
