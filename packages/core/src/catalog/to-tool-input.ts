import type { CatalogTool, ToolInput } from './tool.js';

/**
 * A validated tool back as a {@link ToolInput}, e.g. to plan exactly a
 * catalog with `planToolLoading`. `createCatalog` of the result gives the
 * same tool again.
 */
export function toToolInput(tool: CatalogTool): ToolInput {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    server: tool.server,
    kind: tool.kind,
    alwaysLoad: tool.alwaysLoad,
    _meta: tool.meta,
    ...(tool.tokens === undefined ? {} : { tokens: tool.tokens }),
  };
}
