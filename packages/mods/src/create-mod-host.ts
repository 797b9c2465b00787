import { createLoadoutError, createModResolver, describeValue } from '@loadout/core';
import type { Mod, ModFailure, ResolvedTool, ToolResolver } from '@loadout/core';
import { fnv1a64 } from '@loadout/core/utils';
import { toolContentHash } from './content-hash.js';
import type { ModHost, ModHostOptions } from './mod-host.js';

interface CacheEntry {
  readonly key: string;
  readonly resolved: ResolvedTool;
}

/**
 * Creates a {@link ModHost}: the plugins composed as middleware (core's
 * `createModResolver`), with a per-session answer cache. Synchronous.
 *
 * @throws LoadoutError `mod-invalid` for an invalid plugin or a duplicate
 * name; `invalid-option` when `plugins` is not an array or `onFailure` not a function.
 */
export function createModHost(options: ModHostOptions): ModHost {
  const { plugins: initial, onFailure } = options;
  if (!Array.isArray(initial)) {
    throw createLoadoutError('invalid-option', `plugins ${describeValue(initial)} must be an array`, { option: 'plugins' });
  }
  if (onFailure !== undefined && typeof onFailure !== 'function') {
    throw createLoadoutError('invalid-option', `onFailure ${describeValue(onFailure)} must be a function`, {
      option: 'onFailure',
    });
  }
  let plugins: readonly Mod[] = [...initial];
  let resolver: ToolResolver = createModResolver(plugins);
  const cache = new Map<string, CacheEntry>();
  const reported: ModFailure[] = [];
  let hits = 0;
  let misses = 0;

  const setPlugins = (nextPlugins: readonly Mod[]): void => {
    resolver = createModResolver(nextPlugins);
    plugins = nextPlugins;
    cache.clear();
  };

  return {
    resolve(tool, base) {
      const descriptionHash = base.description === tool.description ? '' : fnv1a64(base.description);
      const key = `${toolContentHash(tool)}:${descriptionHash}:${base.isDeferred ? 1 : 0}`;
      const entry = cache.get(tool.displayName);
      if (entry !== undefined && entry.key === key) {
        hits++;
        return entry.resolved;
      }
      misses++;
      const resolved = resolver.resolve(tool, base);
      cache.set(tool.displayName, { key, resolved });
      for (const failure of resolved.failures) {
        reported.push(failure);
        onFailure?.(failure);
      }
      return resolved;
    },
    use(plugin) {
      setPlugins([...plugins, plugin]);
    },
    remove(name) {
      const index = plugins.findIndex((plugin) => plugin.name === name);
      if (index < 0) return false;
      setPlugins(plugins.filter((_, position) => position !== index));
      return true;
    },
    invalidate(toolDisplayName) {
      if (toolDisplayName === undefined) cache.clear();
      else cache.delete(toolDisplayName);
    },
    plugins: () => plugins,
    failures: () => [...reported],
    stats: () => ({ hits, misses, size: cache.size }),
  };
}
