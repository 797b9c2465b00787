import { describeValue } from '@loadout/core';
import type { Mod } from '@loadout/core';
import { definePlugin } from '../define-plugin.js';
import { optionError } from './option-error.js';

/** Options of {@link pinMostUsed}. */
export interface PinMostUsedOptions {
  /**
   * Call counts, keyed by display name (`mcp__github__create_issue`) or by the
   * tool's own name (`create_issue`). Counts are finite and non-negative;
   * tools with a count of 0 are never pinned.
   */
  readonly usage: Readonly<Record<string, number>>;
  /**
   * Only tools of this MCP server compete, and only they are pinned. Display
   * names of other servers are ignored; a bare name counts for this server's
   * tool of that name (added to its display-name count). Default: every tool.
   */
  readonly server?: string;
  /** How many tools to pin: a non-negative integer. Default: 3. */
  readonly top?: number;
}

/**
 * A plugin that keeps a team's `top` most-used tools always loaded
 * (`isDeferred: false`). Ties are broken by name, so the choice is stable.
 * Throws `mod-invalid` for bad options.
 */
export function pinMostUsed(name: string, options: PinMostUsedOptions): Mod {
  const { usage, server, top = 3 } = options ?? {};
  if (!Number.isInteger(top) || top < 0) {
    throw optionError(name, `top ${describeValue(top)} must be a non-negative integer`);
  }
  const counts = countUsage(name, usage, server);
  const ranked = [...counts.entries()].filter(([, count]) => count > 0).sort(byCountThenName);
  const pinned = new Set(ranked.slice(0, top).map(([key]) => key));
  return definePlugin({
    name,
    hooks: {
      'tool.describe': (event, next) => {
        const { tool } = event;
        const selected =
          server === undefined
            ? pinned.has(tool.displayName) || pinned.has(tool.name)
            : tool.server === server && pinned.has(tool.name);
        return selected ? { ...next(), isDeferred: false } : next();
      },
    },
  });
}

function byCountThenName([leftKey, left]: [string, number], [rightKey, right]: [string, number]): number {
  if (left !== right) return right - left;
  return leftKey < rightKey ? -1 : leftKey > rightKey ? 1 : 0;
}

/** Counts keyed by tool name when `server` is given (summing both key forms), else by the keys as given. */
function countUsage(name: string, usage: unknown, server: string | undefined): Map<string, number> {
  if (typeof usage !== 'object' || usage === null || Array.isArray(usage)) {
    throw optionError(name, `usage ${describeValue(usage)} must be an object of call counts`);
  }
  const counts = new Map<string, number>();
  const prefix = server === undefined ? undefined : `mcp__${server}__`;
  for (const [key, count] of Object.entries(usage)) {
    if (typeof count !== 'number' || !Number.isFinite(count) || count < 0) {
      throw optionError(name, `usage of ${describeValue(key)} is ${describeValue(count)}, expected a count`);
    }
    let toolKey = key;
    if (prefix !== undefined) {
      if (key.startsWith(prefix)) toolKey = key.slice(prefix.length);
      else if (key.startsWith('mcp__')) continue;
    }
    counts.set(toolKey, (counts.get(toolKey) ?? 0) + count);
  }
  return counts;
}
