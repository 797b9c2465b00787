import type { CatalogTool, PlannedTool } from '@loadout/core';
import { objectInputSchema } from '@loadout/core/adapter';
import type { InteractionsFunction } from './interactions-types.js';

/** A catalog tool as an Interactions API function: its API name, the description after mods, its JSON Schema. */
export function interactionsFunction(tool: CatalogTool, planned: PlannedTool | undefined): InteractionsFunction {
  const description = planned?.description ?? tool.description;
  return { type: 'function', name: tool.apiName, ...(description === '' ? {} : { description }), parameters: objectInputSchema(tool) };
}
