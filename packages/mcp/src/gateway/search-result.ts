import type { CatalogTool, FoundTool } from '@loadout/core';
import type { CallToolResult } from '@modelcontextprotocol/server';

/** One found tool as `search_tools` returns it (its structured content's `tools[]`). */
export interface SearchResultTool {
  readonly name: string;
  readonly server?: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
  readonly available: boolean;
}

/** Renders found tools as a `search_tools` result; see {@link createSearchResultRenderer}. */
export type SearchResultRenderer = (query: string, found: readonly FoundTool[], searchId?: string) => CallToolResult;

/**
 * The `search_tools` result of an answer: `structuredContent` `{ query,
 * searchId?, tools }` (`searchId` when given: see `encodeSearchId`) and, for clients that read only text, the same JSON as a text
 * block. Each catalog tool's JSON is serialised once (kept weakly per tool,
 * so it goes with its index generation) and the text is assembled from those
 * pieces: byte for byte what `JSON.stringify(structuredContent)` gives,
 * without serialising the tools' schemas on every search.
 */
export function createSearchResultRenderer(): SearchResultRenderer {
  // A tool's JSON without `available` and the closing brace: `{"name":…,"inputSchema":{…}`.
  const opened = new WeakMap<CatalogTool, string>();
  const jsonOf = (found: FoundTool, tool: SearchResultTool): string => {
    let prefix = opened.get(found.tool);
    if (prefix === undefined) {
      const { available: _, ...rest } = tool;
      prefix = JSON.stringify(rest).slice(0, -1);
      opened.set(found.tool, prefix);
    }
    return `${prefix},"available":${found.available}}`;
  };
  return (query, found, searchId) => {
    const tools = found.map(
      (hit): SearchResultTool => ({
        name: hit.name,
        ...(hit.server === null ? {} : { server: hit.server }),
        description: hit.description,
        inputSchema: hit.inputSchema,
        available: hit.available,
      }),
    );
    const structuredContent = searchId === undefined ? { query, tools } : { query, searchId, tools };
    const head = searchId === undefined ? `{"query":${JSON.stringify(query)}` : `{"query":${JSON.stringify(query)},"searchId":${JSON.stringify(searchId)}`;
    const text =
      tools.length === 0
        ? `No tools matched ${JSON.stringify(query)}.`
        : `${head},"tools":[${tools.map((tool, index) => jsonOf(found[index]!, tool)).join(',')}]}`;
    return { content: [{ type: 'text', text }], structuredContent };
  };
}
