import { createCatalog } from '../catalog/create-catalog.js';
import type { CatalogTool, ToolInput } from '../catalog/tool.js';

/**
 * A valid {@link CatalogTool} from a partial input, for tests: `name`
 * defaults to `tool`, everything else to the catalog defaults. Throws the
 * catalog's `LoadoutError` for an invalid input.
 */
export function makeTool(partial: Partial<ToolInput> = {}): CatalogTool {
  return makeTools([partial])[0]!;
}

/**
 * Several tools validated together as one catalog (so API names are unique),
 * in order. A missing `name` defaults to `tool_<index>`.
 */
export function makeTools(partials: readonly Partial<ToolInput>[]): CatalogTool[] {
  const inputs = partials.map((partial, index): ToolInput => ({ ...partial, name: partial.name ?? (partials.length === 1 ? 'tool' : `tool_${index}`) }));
  return [...createCatalog(inputs, { strict: true, maxTools: Math.max(1, inputs.length) }).tools];
}
