import type { ToolSearchKit } from '@loadout/core/adapter';

/** The JSON Schema of a search call's arguments: `{ query, limit? }`. */
export function searchParameters(kit: ToolSearchKit): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        description: `Keywords ("send slack message"), +required terms ("+slack send"), or select:name_a,name_b for exact names; at most ${kit.maxQueryLength} characters.`,
      },
      limit: { type: 'integer', minimum: 1, maximum: kit.maxLimit, description: `How many tools to load; default ${kit.limit}.` },
    },
    required: ['query'],
    additionalProperties: false,
  };
}

/** The search tool's description: what it does, the catalog summary, the query syntax. */
export function searchDescription(kit: ToolSearchKit): string {
  return [
    'Search the tools that are not loaded yet and load the best matches; loaded tools can be called right after.',
    kit.summary,
    `Loads up to ${kit.limit} tools unless limit says otherwise.`,
  ]
    .filter((part) => part !== '')
    .join(' ');
}
