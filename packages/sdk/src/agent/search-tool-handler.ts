import { describeValue, isLoadoutError, withQuerySyntax } from '@loadout/core';
import type { Catalog, QuerySyntaxOptions, Ranker, SearchHit } from '@loadout/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Options of {@link createSearchToolHandler}. */
export interface SearchToolHandlerOptions {
  /** The tools to search; results are named by `displayName` (`mcp__<server>__<tool>`, as Claude Code names MCP tools). */
  readonly catalog: Catalog;
  /** A fresh ranker; wrapped with `withQuerySyntax` and indexed with the catalog on the first search. */
  readonly ranker: Ranker;
  /** Results when the call gives no `limit`. An integer 1–100; default 5. */
  readonly limit?: number;
  /** Options of the query syntax wrapper. Default: its defaults. */
  readonly querySyntax?: QuerySyntaxOptions;
}

/** The arguments of a `search_tools` call. */
export interface SearchToolArguments {
  readonly query: string;
  readonly limit?: number;
}

/** Answers one `search_tools` call; never rejects. */
export type SearchToolHandler = (args: SearchToolArguments) => Promise<CallToolResult>;

function textResult(text: string, isError = false): CallToolResult {
  return isError ? { content: [{ type: 'text', text }], isError: true } : { content: [{ type: 'text', text }] };
}

function describeHits(query: string, hits: readonly SearchHit[]): string {
  const lines = hits.map((hit) => `- ${hit.tool.displayName}: ${hit.tool.description.replace(/\s+/g, ' ').trim() || '(no description)'}`);
  const names = hits.map((hit) => hit.tool.displayName).join(',');
  return [
    `${hits.length} tool${hits.length === 1 ? '' : 's'} matched ${describeValue(query)}:`,
    ...lines,
    `Call them by these names; load one that is not loaded yet with the tool search query "select:${names}".`,
  ].join('\n');
}

/**
 * The handler behind Loadout's `search_tools` MCP tool: ranks the catalog
 * with the query syntax (`select:`, `+term`, exact names first) and lists
 * the best tools by display name with their descriptions. A bad query or a
 * failing ranker yields an `isError` result naming the problem.
 */
export function createSearchToolHandler(options: SearchToolHandlerOptions): SearchToolHandler {
  const ranker = withQuerySyntax(options.ranker, options.querySyntax);
  const defaultLimit = options.limit ?? 5;
  let indexed: Promise<void> | undefined;
  const ready = (): Promise<void> => {
    indexed ??= Promise.resolve()
      .then(() => ranker.index(options.catalog.tools))
      .catch((error: unknown) => {
        indexed = undefined;
        throw error;
      });
    return indexed;
  };
  return async (args) => {
    const query = args.query;
    try {
      await ready();
      const hits = await ranker.search(query, { limit: args.limit ?? defaultLimit });
      return hits.length === 0 ? textResult(`No tool matched ${describeValue(query)}; try other keywords.`) : textResult(describeHits(query, hits));
    } catch (error) {
      const message = isLoadoutError(error) ? error.message : `the ranker threw an error (${error instanceof Error ? error.message : describeValue(error)})`;
      return textResult(`Search failed: ${message}`, true);
    }
  };
}
