import type { Catalog } from '../catalog/catalog.js';
import type { CatalogTool, ToolInput } from '../catalog/tool.js';

const toolFields = ['name', 'description', 'inputSchema', 'server', 'kind', 'alwaysLoad', '_meta', 'tokens'] as const;

interface CatalogEntry {
  readonly tools: readonly ToolInput[];
  readonly snapshot: readonly unknown[];
  readonly servers: unknown;
  readonly catalog: Catalog;
}

interface TokenEntry {
  readonly counterId: string;
  readonly description: string;
  readonly tokens: number;
  readonly renderable: boolean;
}

/**
 * Memory that makes re-planning the same catalog cheap (the next turn of a
 * conversation): the validated catalog is reused while the input's `tools`
 * array holds the same tool objects with the same top-level fields, and each
 * definition's token count is reused while its description is unchanged.
 * Inputs are compared by identity, not deeply: after mutating a nested input
 * schema in place, call {@link PlanCache.clear}. Create one per catalog or
 * session with {@link createPlanCache} and pass it as `PlanOptions.cache`.
 */
export interface PlanCache {
  /** Forgets everything. */
  clear(): void;
  /** @internal The cached catalog for these inputs, built with `build` on a miss. */
  catalogFor(tools: readonly ToolInput[], servers: unknown, build: () => Catalog): Catalog;
  /** @internal The cached token count of a tool's definition, counted with `count` on a miss. */
  tokensFor(
    tool: CatalogTool,
    description: string,
    counterId: string,
    count: () => { tokens: number; renderable: boolean },
  ): { tokens: number; renderable: boolean };
}

function snapshotOf(tools: readonly ToolInput[]): unknown[] {
  const snapshot: unknown[] = new Array<unknown>(tools.length * (toolFields.length + 1));
  let position = 0;
  for (const tool of tools) {
    snapshot[position++] = tool;
    for (const field of toolFields) snapshot[position++] = tool === null || typeof tool !== 'object' ? undefined : tool[field];
  }
  return snapshot;
}

function sameSnapshot(left: readonly unknown[], right: readonly unknown[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/** Creates a {@link PlanCache}. */
export function createPlanCache(): PlanCache {
  let catalogEntry: CatalogEntry | undefined;
  let tokenEntries = new WeakMap<CatalogTool, TokenEntry>();
  return {
    clear() {
      catalogEntry = undefined;
      tokenEntries = new WeakMap();
    },
    catalogFor(tools, servers, build) {
      const snapshot = snapshotOf(tools);
      if (catalogEntry !== undefined && catalogEntry.servers === servers && sameSnapshot(catalogEntry.snapshot, snapshot)) {
        return catalogEntry.catalog;
      }
      const catalog = build();
      catalogEntry = { tools, snapshot, servers, catalog };
      return catalog;
    },
    tokensFor(tool, description, counterId, count) {
      const known = tokenEntries.get(tool);
      if (known !== undefined && known.description === description && known.counterId === counterId) return known;
      const counted = count();
      tokenEntries.set(tool, { counterId, description, ...counted });
      return counted;
    },
  };
}
