import { createPlanCache } from '@loadout/core';
import type { PlanCache, Registry } from '@loadout/core';
import type { ReadCatalog } from '../catalog/read-catalog-input.js';
import type { RankerBuildContext } from '../rankers/build-context.js';
import { createCatalogRankers } from '../rankers/catalog-rankers.js';
import type { CatalogRankers } from '../rankers/catalog-rankers.js';

/** Everything the engine holds for the loaded catalog. Replaced, never mutated, when another catalog loads. */
export interface CatalogState {
  readonly read: ReadCatalog;
  readonly planCache: PlanCache;
  readonly rankers: CatalogRankers;
  /** Aborted (reason `catalog-replaced`) when another catalog replaces this one. */
  readonly controller: AbortController;
}

/** Creates the state of a freshly loaded catalog; the registry's rankers are built lazily with `context`. */
export function createCatalogState(read: ReadCatalog, context: Omit<RankerBuildContext, 'catalogHash' | 'tools'>, registry: Registry): CatalogState {
  return {
    read,
    planCache: createPlanCache(),
    rankers: createCatalogRankers({ ...context, catalogHash: read.hash, tools: read.catalog.tools }, registry),
    controller: new AbortController(),
  };
}
