/**
 * What the search tool's description and schema state; every adapter's
 * search tool (OpenAI, AI SDK, Anthropic, the MCP gateway, …) is built
 * from these, so the model reads the same tool everywhere.
 */
export interface SearchToolSettings {
  /** Tools in the catalog the search covers (loaded ones included). */
  readonly toolCount: number;
  /** Tools one search loads when the call gives no `limit`. An integer 1–100. */
  readonly limit: number;
  /** Largest `limit` a call may ask for. An integer from `limit` to 100. */
  readonly maxLimit: number;
  /** Longest query, in code points (the query syntax's `maxQueryLength`; 500 by default). */
  readonly maxQueryLength: number;
  /** The catalog summary sentence (core's `summarizeCatalog`), or empty. */
  readonly summary: string;
}

/** The JSON Schema of a search call's arguments, `{ query, limit? }`, as {@link searchToolInputSchema} builds it. */
export type SearchToolInputSchema = {
  readonly type: 'object';
  readonly properties: {
    readonly query: { readonly type: 'string'; readonly minLength: 1; readonly maxLength: number; readonly description: string };
    readonly limit: { readonly type: 'integer'; readonly minimum: 1; readonly maximum: number; readonly description: string };
  };
  readonly required: ['query'];
  readonly additionalProperties: false;
};

/** The search tool's description: what it does over how many tools, the catalog summary, the query syntax, the default limit. */
export function searchToolDescription(settings: SearchToolSettings): string {
  return [
    `Search a catalog of ${settings.toolCount} tools and load the best matches that are not loaded yet; a loaded tool can be called once the search has returned.`,
    settings.summary,
    'Query with keywords ("send slack message"); put + before a term every result must contain ("+slack send");',
    'or load tools by exact name with "select:name_a,name_b".',
    `Loads up to ${settings.limit} tools unless limit says otherwise.`,
  ]
    .filter((part) => part !== '')
    .join(' ');
}

/** The JSON Schema of the search tool's arguments: `query` (1 to `maxQueryLength` characters) and an optional `limit` (1 to `maxLimit`), nothing else. */
export function searchToolInputSchema(settings: SearchToolSettings): SearchToolInputSchema {
  return {
    type: 'object',
    properties: {
      query: {
        type: 'string',
        minLength: 1,
        maxLength: settings.maxQueryLength,
        description: `Keywords, +required terms, or select:name_a,name_b; at most ${settings.maxQueryLength} characters.`,
      },
      limit: { type: 'integer', minimum: 1, maximum: settings.maxLimit, description: `How many tools to load; default ${settings.limit}.` },
    },
    required: ['query'],
    additionalProperties: false,
  };
}
