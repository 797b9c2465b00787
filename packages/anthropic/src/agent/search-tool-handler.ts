import { describeValue, withQuerySyntax } from '@loadout/core';
import { searchFailureText } from '@loadout/core/adapter';
import { answerToolSearch, indexOnce } from '@loadout/core/search';
import type { Catalog, FoundTool, QuerySyntaxOptions, Ranker } from '@loadout/core';
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

function describeHits(query: string, tools: readonly FoundTool[]): string {
  const lines = tools.map((tool) => `- ${tool.displayName}: ${tool.description.replace(/\s+/g, ' ').trim() || '(no description)'}`);
  const names = tools.map((tool) => tool.displayName).join(',');
  return [
    `${tools.length} tool${tools.length === 1 ? '' : 's'} matched ${describeValue(query)}:`,
    ...lines,
    `Call them by these names; load one that is not loaded yet with the tool search query "select:${names}".`,
  ].join('\n');
}

/**
 * The handler behind Loadout's `search_tools` MCP tool: core's search
 * kernel ({@link answerToolSearch}) with the query syntax (`select:`,
 * `+term`, exact names first), rendered as a text list of the best tools by
 * display name with their descriptions. A bad query or a failing ranker
 * yields an `isError` result naming the problem.
 */
export function createSearchToolHandler(options: SearchToolHandlerOptions): SearchToolHandler {
  const ranker = withQuerySyntax(options.ranker, options.querySyntax);
  const ready = indexOnce(ranker, options.catalog.tools);
  const limit = options.limit ?? 5;
  return async (args) => {
    const answer = await answerToolSearch(args, { ranker, ready, limit, maxLimit: 100 });
    if (!answer.ok) return textResult(searchFailureText(answer) ?? answer.message, true);
    return answer.tools.length === 0
      ? textResult(`No tool matched ${describeValue(answer.query)}; try other keywords.`)
      : textResult(describeHits(answer.query, answer.tools));
  };
}
