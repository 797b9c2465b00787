import type { Catalog } from '../catalog/catalog.js';
import { createCatalog } from '../catalog/create-catalog.js';
import { toToolInput } from '../catalog/to-tool-input.js';
import type { DeclarativeMod, Mod } from '../mods/mod.js';
import { planDeferral } from '../plan/plan-deferral.js';
import type { PolicyWarning } from '../policy/policy-types.js';
import type { TokenCounter } from '../tokens/token-counter.js';

/** The mods of a deployment: declarative ones (innermost) and programmatic ones (plug-ins). */
export interface CatalogMods {
  /** Default: none. */
  readonly mods?: readonly DeclarativeMod[];
  /** Default: none. */
  readonly plugins?: readonly Mod[];
}

/** A catalog as the mods describe it. */
export interface ModdedCatalog {
  /** The same tools in the same order, each with its description after mods. */
  readonly catalog: Catalog;
  /** Mods that failed for a tool (`mod-failed`, skipped) or tried to move a core tool (`mod-ignored-core`), malformed declarative mods (`invalid-mod`). */
  readonly warnings: readonly PolicyWarning[];
}

const MOD_WARNINGS: ReadonlySet<string> = new Set(['mod-failed', 'mod-ignored-core', 'invalid-mod']);

/** Descriptions are all this needs: nothing is counted. */
const NO_COUNT: TokenCounter = { specificationVersion: 'v1', id: 'none', count: () => 0 };

/**
 * Runs the mods over a catalog (with {@link planDeferral}) and returns the
 * catalog with each tool's description after them, so what is indexed,
 * searched and shown is what a model would see. With no mods the catalog
 * comes back as it is. A throwing mod is skipped for that tool and reported
 * in `warnings` (`mod-failed`).
 */
export function applyMods(catalog: Catalog, mods: CatalogMods): ModdedCatalog {
  if ((mods.mods?.length ?? 0) === 0 && (mods.plugins?.length ?? 0) === 0) return { catalog, warnings: [] };
  const plan = planDeferral(
    { tools: catalog.tools.map(toToolInput), servers: catalog.servers, ...(mods.mods === undefined ? {} : { mods: mods.mods }) },
    { tokenCounter: NO_COUNT, ...(mods.plugins === undefined ? {} : { mods: mods.plugins }) },
  );
  const warnings = plan.warnings.filter((warning) => MOD_WARNINGS.has(warning.code));
  return { catalog: withDescriptions(catalog, plan.tools), warnings };
}

/**
 * `catalog` with each tool's description replaced by the planned one (the
 * plan's `tools` are the catalog's, in order); the same object when no
 * description changed.
 */
export function withDescriptions(catalog: Catalog, planned: readonly { readonly description: string }[]): Catalog {
  const changed = catalog.tools.some((tool, index) => planned[index] !== undefined && planned[index].description !== tool.description);
  if (!changed) return catalog;
  const tools = catalog.tools.map((tool, index) => ({ ...toToolInput(tool), description: planned[index]?.description ?? tool.description }));
  return createCatalog(tools, { servers: { ...catalog.servers }, maxTools: Math.max(tools.length, 1) });
}
