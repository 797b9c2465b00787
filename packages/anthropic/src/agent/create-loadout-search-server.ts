import type { McpSdkServerConfigWithInstance } from '@anthropic-ai/claude-agent-sdk';
import { createLoadoutError, summarizeCatalog } from '@loadout/core';
import { searchToolInputSchema } from '@loadout/core/adapter';
import { integerOption, MAX_SEARCH_LIMIT } from '@loadout/core/utils';
import { createSearchToolHandler } from './search-tool-handler.js';
import type { SearchToolHandlerOptions } from './search-tool-handler.js';

// The Claude Agent SDK and zod are optional peer dependencies: only this
// helper needs them, so `@loadout/anthropic/agent` imports without them and the helper
// says what to install.
const agentSdk = await import('@anthropic-ai/claude-agent-sdk').catch(() => undefined);
const zod = await import('zod').catch(() => undefined);

/** Options of {@link createLoadoutSearchServer}. */
export interface LoadoutSearchServerOptions extends SearchToolHandlerOptions {
  /** The server's name, the key to give it in `mcpServers` (its tool is then `mcp__<name>__<toolName>`). Default `loadout`. */
  readonly name?: string;
  /** Default `0.1.0`. */
  readonly version?: string;
  /** The tool's name. Default `search_tools`. */
  readonly toolName?: string;
  /** Largest `limit` a call may ask for. An integer from `limit` to 100; default 10 (or `limit` when larger). */
  readonly maxLimit?: number;
  /** Keep the search tool itself out of Claude Code's tool search, so it is always in the prompt. Default true. */
  readonly alwaysLoad?: boolean;
}

/**
 * An in-process MCP server for the Claude Agent SDK (`createSdkMcpServer`)
 * with one tool, `search_tools` (`query`, `limit`), backed by a Loadout
 * ranker over `catalog`: pass it in `query({ options: { mcpServers: {
 * loadout: server } } })` for Loadout's ranking inside Claude Code. Its
 * `instance` is an ordinary MCP server and can be connected to any
 * transport. Throws `invalid-option` for a bad limit, and
 * `unsupported-environment` when the Agent SDK or zod is not installed.
 */
export function createLoadoutSearchServer(options: LoadoutSearchServerOptions): McpSdkServerConfigWithInstance {
  if (agentSdk === undefined || zod === undefined) {
    throw createLoadoutError(
      'unsupported-environment',
      `createLoadoutSearchServer needs ${agentSdk === undefined ? '@anthropic-ai/claude-agent-sdk' : 'zod'}: npm install @anthropic-ai/claude-agent-sdk zod`,
      { missing: agentSdk === undefined ? '@anthropic-ai/claude-agent-sdk' : 'zod' },
    );
  }
  const { createSdkMcpServer, tool } = agentSdk;
  const { z } = zod;
  const limit = integerOption('createLoadoutSearchServer', 'limit', options.limit, 5, 1, MAX_SEARCH_LIMIT);
  const maxLimit = integerOption('createLoadoutSearchServer', 'maxLimit', options.maxLimit, Math.max(limit, 10), limit, MAX_SEARCH_LIMIT);
  const maxQueryLength = options.querySyntax?.maxQueryLength ?? 500;
  const handler = createSearchToolHandler({ ...options, limit });
  const schema = searchToolInputSchema({ toolCount: options.catalog.tools.length, limit, maxLimit, maxQueryLength, summary: '' }).properties;
  const summary = summarizeCatalog(options.catalog);
  const description = [
    `Search a catalog of ${options.catalog.tools.length} tools and get the best matches with their names and descriptions.`,
    summary,
    'Query with keywords ("send slack message"), +term for a word every result must contain ("+slack send"), or select:name_a,name_b for exact names.',
  ]
    .filter((part) => part !== '')
    .join(' ');
  const searchTool = tool(
    options.toolName ?? 'search_tools',
    description,
    {
      query: z.string().describe(schema.query.description),
      limit: z.number().int().min(1).max(maxLimit).optional().describe(schema.limit.description),
    },
    (args) => handler(args),
    { alwaysLoad: options.alwaysLoad ?? true, annotations: { readOnlyHint: true } },
  );
  return createSdkMcpServer({
    name: options.name ?? 'loadout',
    version: options.version ?? '0.1.0',
    tools: [searchTool],
    alwaysLoad: options.alwaysLoad ?? true,
  });
}
