import type { ServerSettings, ToolInput } from '@loadout/core';
import { demoCatalogInput } from '../demo-catalog.js';
import { brandNames } from './brand-names.js';
import { productFamilies } from './product-families.js';
import { synthesizeServiceTools } from './synthesize-service.js';

/** A catalog as plain input: tools and server settings. */
export interface CatalogSourceInput {
  readonly tools: ToolInput[];
  readonly servers: Record<string, ServerSettings>;
}

/** Default and largest size of {@link createLargeDemoCatalogInput}: the most tools one catalog may hold. */
export const LARGE_DEMO_CATALOG_SIZE = 10_000;

/**
 * The demo catalog grown to `size` tools (default 10,000) with hundreds of
 * made-up services of many kinds (CRMs, help desks, SMS gateways, payroll,
 * DNS, smart homes, …): each server is one brand of one product family,
 * with its own naming style, verbs, descriptions and parameters, so a
 * query at scale meets many genuinely different tools rather than copies.
 * The demo's own tools come first, unchanged. Deterministic. `size` is an
 * integer from the demo's tool count to 10,000.
 */
export function createLargeDemoCatalogInput(size = LARGE_DEMO_CATALOG_SIZE): CatalogSourceInput {
  const base = demoCatalogInput;
  if (!Number.isInteger(size) || size < base.tools.length || size > LARGE_DEMO_CATALOG_SIZE) {
    throw new RangeError(`createLargeDemoCatalogInput: size must be an integer from ${base.tools.length} to ${LARGE_DEMO_CATALOG_SIZE} (got ${size})`);
  }
  const tools: ToolInput[] = [...base.tools];
  const servers: Record<string, ServerSettings> = { ...base.servers };
  const brands = brandNames(960);
  for (let index = 0; tools.length < size; index++) {
    const server = brands[index];
    if (server === undefined) throw new RangeError('createLargeDemoCatalogInput: ran out of brand names');
    const family = productFamilies[index % productFamilies.length]!;
    servers[server] = {};
    for (const tool of synthesizeServiceTools({ server, brand: `${server[0]!.toUpperCase()}${server.slice(1)}`, family })) {
      if (tools.length >= size) break;
      tools.push(tool);
    }
  }
  return { tools, servers };
}
