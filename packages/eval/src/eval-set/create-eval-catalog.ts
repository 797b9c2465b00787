import { createCatalog, DEFAULT_MAX_TOOLS } from '@loadout/core';
import type { Catalog } from '@loadout/core';
import type { EvalSet } from './eval-set.js';

/**
 * Validates a set's tools into a catalog, lifting the 10,000-tool limit to the
 * set's size (mix10k has 10,193 tools). Tools core rejects are skipped and
 * listed in `issues`, as `createCatalog` does.
 */
export function createEvalCatalog(evalSet: EvalSet): Catalog {
  return createCatalog(evalSet.tools, {
    maxTools: Math.max(DEFAULT_MAX_TOOLS, evalSet.tools.length),
    source: evalSet.name,
  });
}
