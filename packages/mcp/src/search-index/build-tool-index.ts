import { catalogFromMcpServers, largeToolWarnings, setOwn, toDisplayName, toToolInput } from '@loadout/core';
import type { Catalog, MaybePromise, McpTool, Ranker, ToolInput, ToolLoadingPlan } from '@loadout/core';
import { withDescriptions } from '@loadout/core/plugins';
import type { Tool } from '@modelcontextprotocol/server';
import type { McpGatewayConfig } from '../config/mcp-config.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { fairShares } from '../limits/fair-shares.js';
import { indexOnSearch, isRankerFailure } from './index-on-search.js';
import type { ToolIndex } from './tool-index.js';

/** Inputs of {@link buildToolIndex}. */
export interface BuildToolIndexInput {
  readonly config: McpGatewayConfig;
  /** Valid tools of each server that has been listed; servers are taken in config order. */
  readonly listings: ReadonlyMap<string, readonly Tool[]>;
  /** Makes a fresh, empty ranker, query syntax applied per its query kind; each generation gets its own. */
  readonly createRanker: () => MaybePromise<Ranker>;
  /** Most tools indexed, split between servers by {@link fairShares}; what a server loses is dropped (its last tools) and reported. */
  readonly maxTools: number;
  /** Plans the catalog (policy decision, mods); the gateway's conversation policy, so `auto` is sticky. */
  readonly plan: (tools: readonly ToolInput[], servers: Catalog['servers']) => ToolLoadingPlan;
  readonly version: number;
  readonly logger: GatewayLogger;
  /**
   * When the ranker's own failure (`ranker-failed`, `ranker-timeout`: a
   * plug-in's create or index threw or overran) fails indexing, build the
   * index anyway, its searches indexing again first and failing with the
   * error until that succeeds (see `indexOnSearch`). Default false: indexing
   * fails, and the gateway keeps the generation it has.
   */
  readonly keepFailedRanker?: boolean;
  /**
   * Whether the gateway's fallback answers the searches of a ranker that
   * failed to index (`CreateGatewayOptions.fallbackSearches`): the line
   * logging the failure says so. Default false.
   */
  readonly fallbackSearches?: boolean;
}

/**
 * Builds a complete {@link ToolIndex}: combines the listings into one catalog
 * (`mcp__<server>__<tool>` names; tools the catalog rejects are reported to
 * the logger and skipped), plans it (the policy decides whether tool search
 * is on; mods rewrite descriptions and pin or defer tools), then indexes it
 * with a new ranker. Resolves only
 * once indexing has finished, so callers can swap it in atomically (with
 * `keepFailedRanker`, also when the ranker failed to index).
 */
export async function buildToolIndex(input: BuildToolIndexInput): Promise<ToolIndex> {
  const { config, logger } = input;
  const listings: Record<string, readonly Tool[]> = {};
  const listed = Object.keys(config.mcpServers).filter((server) => input.listings.has(server));
  const shares = fairShares(
    listed.map((server) => input.listings.get(server)!.length),
    input.maxTools,
  );
  listed.forEach((server, position) => {
    const tools = input.listings.get(server)!;
    const share = shares[position]!;
    if (share < tools.length) {
      logger.warn(
        `upstream ${JSON.stringify(server)}: the last ${tools.length - share} of its ${tools.length} tools dropped: the gateway indexes at most ${input.maxTools} tools, shared fairly between servers (this one's share: ${share}) [catalog-too-large]`,
      );
    }
    setOwn(listings, server, share < tools.length ? tools.slice(0, share) : tools);
  });
  const servers = Object.fromEntries(Object.entries(config.mcpServers).map(([name, entry]) => [name, { alwaysLoad: entry.alwaysLoad }]));
  const catalog = catalogFromMcpServers({ mcpServers: servers }, listings as unknown as Record<string, readonly McpTool[]>, {
    maxTools: input.maxTools,
  });
  for (const issue of catalog.issues) logger.warn(`skipped a tool${issue.source === undefined ? '' : ` of ${issue.source}`}: ${issue.message} [${issue.code}]`);
  const definitions = new Map<string, Tool>();
  for (const [server, tools] of Object.entries(listings)) {
    for (const tool of tools) definitions.set(toDisplayName(tool.name, server, 'mcp'), tool);
  }
  const plan = input.plan(catalog.tools.map(toToolInput), catalog.servers);
  for (const warning of [...plan.decision.warnings, ...largeToolWarnings(plan.tools, plan.decision.contextWindow, catalog.tools)]) logger.warn(`${warning.message} [${warning.code}]`);
  const described = withDescriptions(catalog, plan.tools);
  const upfront = described.tools.filter((_, index) => plan.tools[index]?.deferred !== true);
  let ranker = await input.createRanker();
  let indexFailed = false;
  try {
    await ranker.index(described.tools);
  } catch (error) {
    if (input.keepFailedRanker !== true || !isRankerFailure(error)) throw error;
    const { message, code } = error as Error & { code: string };
    const meanwhile = input.fallbackSearches === true ? 'the built-in ranker answers search_tools' : 'search_tools answers with this error';
    logger.error(`${message} [${code}]; ${meanwhile}, each search trying to index again, until one succeeds`);
    ranker = indexOnSearch(ranker, described.tools);
    indexFailed = true;
  }
  return { version: input.version, catalog: described, ranker, definitions, upfront, decision: plan.decision, ...(indexFailed ? { indexFailed: true as const } : {}) };
}
