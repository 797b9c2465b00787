import type { CatalogTool } from '@loadout/core';

/**
 * The tool list every ranker here keeps, in catalog order: `add` replaces a
 * tool with the same display name in place and appends new ones; `remove`
 * deletes. A later duplicate within one call replaces the earlier one.
 */
export function mergeTools(current: readonly CatalogTool[], added: readonly CatalogTool[]): CatalogTool[] {
  const result = current.slice();
  const positions = new Map<string, number>();
  for (let index = 0; index < result.length; index++) positions.set(result[index]!.displayName, index);
  for (const tool of added) {
    const position = positions.get(tool.displayName);
    if (position === undefined) {
      positions.set(tool.displayName, result.length);
      result.push(tool);
    } else {
      result[position] = tool;
    }
  }
  return result;
}

/** The tools whose display names are not in `displayNames`, order kept. */
export function withoutTools(current: readonly CatalogTool[], displayNames: readonly string[]): CatalogTool[] {
  const removed = new Set(displayNames);
  return current.filter((tool) => !removed.has(tool.displayName));
}
