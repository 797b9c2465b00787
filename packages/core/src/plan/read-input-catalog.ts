import type { Catalog, ServerSettings } from '../catalog/catalog.js';
import { createCatalog } from '../catalog/create-catalog.js';
import { DEFAULT_MAX_TOOLS } from '../catalog/create-catalog-options.js';
import { isPlainObject } from '../catalog/is-plain-object.js';
import type { ToolInput } from '../catalog/tool.js';
import type { PolicyWarning } from '../policy/policy-types.js';
import { showValue } from '../policy/show-value.js';
import type { PlanCache } from './plan-cache.js';

/** The catalog part of a planner's input: unvalidated tools and server settings. */
export interface CatalogSource {
  readonly tools?: unknown;
  readonly servers?: unknown;
}

/**
 * Builds the catalog of a planner's input, never throwing: skipped tools become
 * warnings `invalid-tool`, malformed server settings `invalid-server`; more
 * than 10,000 tools are planned anyway with warning `too-many-tools`. With
 * a cache, an unchanged input reuses the catalog built last time.
 */
export function readInputCatalog(input: CatalogSource, warnings: PolicyWarning[], cache?: PlanCache): Catalog {
  let tools: readonly ToolInput[] = [];
  if (Array.isArray(input.tools)) tools = input.tools as readonly ToolInput[];
  else if (input.tools !== undefined && input.tools !== null) {
    warnings.push({ code: 'invalid-tool', message: `tools ${showValue(input.tools)} is not an array; no tools planned` });
  }
  let servers: Record<string, ServerSettings> | undefined;
  if (isPlainObject(input.servers)) servers = input.servers as Record<string, ServerSettings>;
  else if (input.servers !== undefined && input.servers !== null) {
    warnings.push({ code: 'invalid-server', message: `servers ${showValue(input.servers)} is not an object; ignored` });
  }
  if (tools.length > DEFAULT_MAX_TOOLS) {
    warnings.push({
      code: 'too-many-tools',
      message: `${tools.length} tools exceed the limit of ${DEFAULT_MAX_TOOLS} in one catalog; planned anyway`,
    });
  }
  const build = () =>
    createCatalog(tools, {
      ...(servers === undefined ? {} : { servers }),
      strict: false,
      maxTools: Math.max(DEFAULT_MAX_TOOLS, tools.length),
    });
  const catalog = cache === undefined ? build() : cache.catalogFor(tools, servers, build);
  for (const issue of catalog.issues) {
    warnings.push({ code: issue.index === undefined ? 'invalid-server' : 'invalid-tool', message: issue.message });
  }
  return catalog;
}
