import type { PlannedTool, ServerLoad } from './plan-types.js';
import { BUILTIN_SERVER_LABEL } from './plan-types.js';

interface MutableLoad {
  server: string;
  builtIn: boolean;
  tools: number;
  tokens: number;
  deferredTools: number;
  deferredTokens: number;
}

/**
 * Groups planned tools by server (tools without a server under
 * {@link BUILTIN_SERVER_LABEL}), sorted by tokens, largest first; ties by
 * label, built-ins after servers of the same size.
 */
export function summarizeServers(tools: readonly PlannedTool[]): ServerLoad[] {
  const groups = new Map<string | null, MutableLoad>();
  for (const tool of tools) {
    let load = groups.get(tool.server);
    if (load === undefined) {
      load = {
        server: tool.server ?? BUILTIN_SERVER_LABEL,
        builtIn: tool.server === null,
        tools: 0,
        tokens: 0,
        deferredTools: 0,
        deferredTokens: 0,
      };
      groups.set(tool.server, load);
    }
    load.tools++;
    load.tokens += tool.tokens;
    if (tool.deferred) {
      load.deferredTools++;
      load.deferredTokens += tool.tokens;
    }
  }
  return [...groups.values()].sort(
    (left, right) =>
      right.tokens - left.tokens ||
      Number(left.builtIn) - Number(right.builtIn) ||
      (left.server < right.server ? -1 : left.server > right.server ? 1 : 0),
  );
}
