import type { CatalogTool, PlannedTool } from '@loadout/core';
import { objectInputSchema } from '@loadout/core/adapter';
import type { GeminiFunctionDeclaration } from './gemini-types.js';

/** A catalog tool as a Gemini function declaration: its API name, the description after mods, its JSON Schema. */
export function functionDeclaration(tool: CatalogTool, planned: PlannedTool | undefined): GeminiFunctionDeclaration {
  const description = planned?.description ?? tool.description;
  return { name: tool.apiName, ...(description === '' ? {} : { description }), parametersJsonSchema: objectInputSchema(tool) };
}
