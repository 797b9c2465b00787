import type { CacheControl, ToolDefinition } from '../api-types.js';

function isDeferred(tool: ToolDefinition): boolean {
  return 'defer_loading' in tool && tool.defer_loading === true;
}

function cacheControlOf(tool: ToolDefinition): CacheControl | null | undefined {
  return 'cache_control' in tool ? tool.cache_control : undefined;
}

/**
 * Makes a tools array safe for the API's rule that a deferred tool never
 * carries `cache_control`: a breakpoint found on a deferred tool is removed
 * and moved to the last tool that is not deferred (deferred definitions are
 * not part of the cached prompt prefix), as is `cacheControl` when given. A
 * tool that already has a breakpoint keeps its own. Returns a new array;
 * the tools given are not changed.
 */
export function placeCacheControl<T extends ToolDefinition>(tools: readonly T[], cacheControl?: CacheControl): T[] {
  let moved: CacheControl | undefined = cacheControl;
  const result = tools.map((tool) => {
    const own = cacheControlOf(tool);
    if (!isDeferred(tool) || own === undefined) return tool;
    if (own !== null) moved ??= own;
    const { cache_control: _dropped, ...rest } = tool as T & { cache_control?: unknown };
    return rest as unknown as T;
  });
  if (moved === undefined) return result;
  for (let index = result.length - 1; index >= 0; index--) {
    const tool = result[index]!;
    if (isDeferred(tool)) continue;
    if (cacheControlOf(tool) == null) result[index] = { ...tool, cache_control: moved };
    break;
  }
  return result;
}
