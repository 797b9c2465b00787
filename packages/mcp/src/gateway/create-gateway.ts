import { createConversationPolicy, createLoadoutError, DEFAULT_MAX_TOOLS, describeValue, withQuerySyntax } from '@loadout/core';
import { answerToolSearchNow } from '@loadout/core/search';
import { applyQueryKind, withCheckedResults } from '@loadout/core/plugins';
import { createCoalescingRunner, integerOption, isPromise } from '@loadout/core/utils';
import type { ConversationPolicy, ToolSearchDecision } from '@loadout/core';
import type { CatalogTool, MaybePromise, Ranker, ToolSearchAnswer } from '@loadout/core';
import { createBuiltinRegistry } from '@loadout/rankers';
import type { Tool } from '@modelcontextprotocol/server';
import { resolveGatewayLimits } from '../limits/gateway-limits.js';
import { createFairSearchQueue } from '../limits/fair-search-queue.js';
import { createRateLimitedWarning } from '../logger/rate-limited-warning.js';
import { DEFAULT_CIRCUIT_COOLDOWN_MS, DEFAULT_CIRCUIT_FAILURES } from '../upstream/circuit-breaker.js';
import { DEFAULT_PING_INTERVAL_MS, DEFAULT_PING_TIMEOUT_MS, DEFAULT_PINGS_MISSED } from '../upstream/liveness.js';
import { buildToolIndex } from '../search-index/build-tool-index.js';
import type { BuildToolIndexInput } from '../search-index/build-tool-index.js';
import type { ToolIndex } from '../search-index/tool-index.js';
import { withRedactedLines } from '../logger/redacted-logger.js';
import { createStreamLogger } from '../logger/create-stream-logger.js';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { createWarningRounds } from '../logger/warning-rounds.js';
import { createUpstream, type Upstream } from '../upstream/upstream.js';
import { resolveToolName } from './resolve-tool-name.js';
import { sameListing } from './same-listing.js';
import { unknownToolError } from './unknown-tool.js';
import { CALL_POLICIES } from './call-policy.js';
import {
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_LOADED_TOOLS,
  type CreateGatewayOptions,
} from './create-gateway-options.js';
import { SEARCH_TOOLS_NAME } from './gateway-tools.js';
import { createSearchResultRenderer } from './search-result.js';
import { createSearchReceipts } from './search-receipts.js';
import { searchBusy } from './search-busy.js';
import { fallbackSearches, isRankerFault } from './fallback-searches.js';
import { describeClient } from '../serve/client-identity.js';
import { createArgumentChecker } from './check-tool-arguments.js';
import { cancelledBy, waitForUpstreams } from './wait-for-upstreams.js';
import type { Gateway, GatewaySearchHit } from './gateway.js';

const DAY_MS = 86_400_000;
/** The client of a server made without one (`createServer()`; stdio serves one client). */
const DEFAULT_CLIENT = 'the client';
/** How long a stateless client may keep `tools/list` (a change is announced through `subscriptions/listen` sooner). */
const DEFAULT_LIST_TTL_MS = 60_000;

/**
 * Fresh rankers, each search's result checked (`withCheckedResults`: a
 * plug-in returning NaN scores or unknown tools fails that search with
 * `ranker-invalid-result`, the gateway serves on), then the query syntax.
 * Throws `unknown-ranker` at once for a name the registry lacks, before
 * anything is spawned.
 */
function rankerFactory(options: CreateGatewayOptions): () => MaybePromise<Ranker> {
  const { ranker } = options;
  if (typeof ranker === 'function') return async () => withQuerySyntax(withCheckedResults(await ranker()));
  const registry = options.registry ?? createBuiltinRegistry();
  const name = ranker ?? registry.defaultRanker;
  const definition = registry.ranker(name);
  return async () => applyQueryKind(definition, withCheckedResults(await registry.createRanker(name, options.rankerOptions, false)));
}

/**
 * Connects to every upstream of `config` (in parallel), lists their tools
 * (following `nextCursor`), indexes them and returns the {@link Gateway}.
 * An upstream that cannot be reached does not fail the gateway: its error is
 * logged and it is retried with backoff, its tools joining the index once it
 * answers. One still connecting after 2 s is named in an `info` line; with
 * `startupWaitMs`, the gateway is returned once that time is up with the
 * upstreams ready by then, and the others join when they answer. A
 * `signal` aborted during start-up stops every upstream and rejects with
 * `cancelled`. An upstream's `notifications/tools/list_changed` re-lists it and,
 * unless its tools are unchanged, builds a new index generation, swapped in
 * only when complete. Throws
 * `invalid-option` for an option out of range and `unknown-ranker` for an
 * unknown ranker name. When start-up fails after spawning (the ranker or the
 * first index throws), every upstream is closed before the error is rethrown;
 * but a first index that fails with the ranker's own failure (`ranker-failed`,
 * `ranker-timeout`: a plug-in's create or index threw or overran its budget)
 * is logged and served: each search tries to index again and, while that
 * fails, answers with the error.
 */
export async function createGateway(options: CreateGatewayOptions): Promise<Gateway> {
  // A promised counter is observed at once: when an option check below throws first, its rejection is not left unhandled.
  const promisedCounter = Promise.resolve(options.tokenCounter);
  promisedCounter.catch(() => {});
  const limit = integerOption('@loadout/mcp', 'limit', options.limit, 5, 1, 100);
  const callTimeoutMs = integerOption('@loadout/mcp', 'callTimeoutMs', options.callTimeoutMs, DEFAULT_CALL_TIMEOUT_MS, 1, DAY_MS);
  const connectTimeoutMs = integerOption('@loadout/mcp', 'connectTimeoutMs', options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS, 1, DAY_MS);
  const startupWaitMs = options.startupWaitMs === undefined ? undefined : integerOption('@loadout/mcp', 'startupWaitMs', options.startupWaitMs, 0, 0, DAY_MS);
  const maxTools = integerOption('@loadout/mcp', 'maxTools', options.maxTools, DEFAULT_MAX_TOOLS, 1, DEFAULT_MAX_TOOLS);
  const maxLoadedTools = integerOption('@loadout/mcp', 'maxLoadedTools', options.maxLoadedTools, DEFAULT_MAX_LOADED_TOOLS, 1, DEFAULT_MAX_TOOLS);
  if (options.recordUsage !== undefined && typeof options.recordUsage !== 'function') {
    throw createLoadoutError('invalid-option', `recordUsage must be a function (got ${describeValue(options.recordUsage)})`, { option: 'recordUsage' });
  }
  if (options.reconnect !== undefined) {
    integerOption('@loadout/mcp', 'reconnect.initialMs', options.reconnect.initialMs, 1, 1, DAY_MS);
    integerOption('@loadout/mcp', 'reconnect.maxMs', options.reconnect.maxMs, 1, 1, DAY_MS);
    integerOption('@loadout/mcp', 'reconnect.stableMs', options.reconnect.stableMs, 0, 0, DAY_MS);
  }
  const limits = resolveGatewayLimits(options.limits);
  const callPolicy = options.calls ?? 'any';
  if (!CALL_POLICIES.includes(callPolicy)) {
    throw createLoadoutError('invalid-option', `calls must be one of ${CALL_POLICIES.join(', ')} (got ${describeValue(options.calls)})`, { option: 'calls' });
  }
  const liveness = {
    intervalMs: integerOption('@loadout/mcp', 'liveness.intervalMs', options.liveness?.intervalMs, DEFAULT_PING_INTERVAL_MS, 0, DAY_MS),
    timeoutMs: integerOption('@loadout/mcp', 'liveness.timeoutMs', options.liveness?.timeoutMs, DEFAULT_PING_TIMEOUT_MS, 1, DAY_MS),
    missed: integerOption('@loadout/mcp', 'liveness.missed', options.liveness?.missed, DEFAULT_PINGS_MISSED, 1, 100),
  };
  const circuitBreaker = {
    failures: integerOption('@loadout/mcp', 'circuitBreaker.failures', options.circuitBreaker?.failures, DEFAULT_CIRCUIT_FAILURES, 1, 1000),
    cooldownMs: integerOption('@loadout/mcp', 'circuitBreaker.cooldownMs', options.circuitBreaker?.cooldownMs, DEFAULT_CIRCUIT_COOLDOWN_MS, 1, DAY_MS),
  };
  const { config } = options;
  if (typeof config !== 'object' || config === null || typeof config.mcpServers !== 'object' || config.mcpServers === null) {
    throw createLoadoutError('invalid-option', 'config must be a parsed MCP config with mcpServers (see parseMcpConfig)', { option: 'config' });
  }
  // What plug-ins and upstreams say reaches the log (a ranker's error, a mod's): credentials masked in every line (3468).
  const logger = withRedactedLines(options.logger ?? createStreamLogger());
  const createRanker = rankerFactory(options);
  const registryMods = options.registry?.mods ?? [];
  // Made once the token counter is there (it may still be loading while the upstreams start).
  let conversation: ConversationPolicy | undefined;
  const policy = options.policy ?? { model: 'claude-sonnet-4-5' };
  const plan: BuildToolIndexInput['plan'] = (tools, servers) =>
    (conversation as ConversationPolicy).plan({ ...policy, tools, servers, ...(options.mods === undefined ? {} : { mods: options.mods }) });
  let logged: ToolSearchDecision | undefined;
  const logDecision = (decision: ToolSearchDecision): void => {
    if (logged !== undefined && logged.toolSearch === decision.toolSearch && logged.reason === decision.reason) return;
    logged = decision;
    logger.info(
      `tool search ${decision.toolSearch} (${decision.reason}): ${decision.upfront.length} tools upfront, ${decision.deferred.length} deferred, ${decision.deferrableTokens} deferrable tokens`,
    );
    for (const line of decision.trace) logger.debug(`  ${line}`);
  };

  const listings = new Map<string, readonly Tool[]>();
  const listeners = new Set<(index: ToolIndex) => void>();
  let starting = true;
  let closed = false;
  let changedWhileStarting = false;

  // A re-index repeats the warnings of the one before (an upstream's duplicate names): each change is logged once, with a count.
  const indexWarnings = createWarningRounds(logger, ['re-index', 're-indexes']);
  const build = async (version: number): Promise<ToolIndex> => {
    const lines: string[] = [];
    const collecting: GatewayLogger = { ...logger, warn: (line) => void lines.push(line) };
    try {
      // The first generation is served even when a plug-in ranker fails to index (its searches answer the error and
      // try again); a later one that fails leaves the one before in place.
      return await buildToolIndex({ config, listings, createRanker, maxTools, plan, version, logger: collecting, keepFailedRanker: version === 0, fallbackSearches: options.fallbackSearches === true });
    } finally {
      indexWarnings.report(lines);
    }
  };

  // One rebuild at a time; catalog changes during a rebuild coalesce into exactly one more.
  const rebuilds = createCoalescingRunner(async () => {
    await new Promise((resolve) => setImmediate(resolve));
    if (closed) return;
    try {
      const next = await build(current.version + 1);
      if (closed) return;
      current = next;
      logger.debug(`index generation ${next.version}: ${next.catalog.tools.length} tools`);
      logDecision(next.decision);
      for (const listener of listeners) {
        try {
          listener(next);
        } catch (error) {
          logger.error(`an index listener failed: ${(error as Error).message}`);
        }
      }
    } catch (error) {
      const kept = current.indexFailed === true ? ', whose index failed too (each search tries to index it again)' : '';
      logger.error(`re-indexing failed; searches keep using generation ${current.version}${kept}: ${(error as Error).message}`);
    }
  });
  const scheduleRebuild = (): void => {
    if (closed) return;
    if (starting) changedWhileStarting = true;
    else void rebuilds.request();
  };

  const upstreams = new Map<string, Upstream>();
  for (const [name, entry] of Object.entries(config.mcpServers)) {
    upstreams.set(
      name,
      createUpstream({
        name,
        config: entry,
        callTimeoutMs,
        connectTimeoutMs,
        logger,
        limits,
        liveness,
        circuitBreaker,
        ...(options.reconnect === undefined ? {} : { reconnect: options.reconnect }),
        ...(options.upstreamStderr === undefined ? {} : { stderr: options.upstreamStderr }),
        onTools(tools) {
          const before = listings.get(name);
          listings.set(name, tools);
          // An unchanged list (server-everything announces a change right after initialize) makes no new generation:
          // each one creates its ranker again, and a plug-in ranker's start may take seconds.
          if (before !== undefined && sameListing(before, tools)) {
            logger.debug(`upstream ${JSON.stringify(name)}: its ${tools.length} tools are unchanged; no re-index`);
            return;
          }
          scheduleRebuild();
        },
      }),
    );
  }
  if (upstreams.size === 0) logger.warn('the config lists no upstream servers; search_tools will find nothing');
  // Start-up overlaps: the upstreams are spawned first, then, while they boot, the ranker is made
  // (its modules load; bad options still fail here), the token counter arrives (a promise: its
  // modules load) and builds its tables (its first count), and the MCP server side of the SDK is
  // loaded (sessions need it; spawning does not), instead of all of it before the first spawn.
  const starts = Promise.all([...upstreams.values()].map((upstream) => upstream.start()));
  const firstRanker = Promise.resolve().then(createRanker);
  const sessionModule = Promise.all([import('./gateway-session.js'), import('./gateway-stateless.js')]);
  const counted = promisedCounter.then((tokenCounter) => {
    try {
      tokenCounter?.count('');
    } catch {
      // A counter that throws fails where it counts for real (the first plan), as before.
    }
    conversation = createConversationPolicy({ mods: registryMods, ...(tokenCounter === undefined ? {} : { tokenCounter }) });
  });
  let createGatewaySession: Awaited<typeof sessionModule>[0]['createGatewaySession'];
  let createStatelessServer: Awaited<typeof sessionModule>[1]['createStatelessServer'];
  let current: ToolIndex;
  try {
    // Together, so whichever fails first fails start-up and no rejection is left unhandled.
    const stop = cancelledBy(options.signal, 'start-up');
    const [[sessionExports, statelessExports]] = await Promise.race([Promise.all([sessionModule, firstRanker, counted]), stop.cancelled]).finally(stop.dispose);
    ({ createGatewaySession } = sessionExports);
    ({ createStatelessServer } = statelessExports);
    await waitForUpstreams({
      starts,
      pending: () => [...upstreams.values()].filter((upstream) => upstream.status().state === 'connecting').map((upstream) => upstream.name),
      waitMs: startupWaitMs,
      connectTimeoutMs,
      logger,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    changedWhileStarting = false;
    current = await build(0);
  } catch (error) {
    // Nothing is left running: upstreams still in their handshake or first listing are stopped too.
    closed = true;
    await Promise.all([...upstreams.values()].map((upstream) => upstream.close()));
    await starts.catch(() => {});
    throw error;
  }
  starting = false;
  if (changedWhileStarting) scheduleRebuild();
  const ready = [...upstreams.values()].filter((upstream) => upstream.status().state === 'ready').length;
  const listed = `${current.catalog.tools.length} tools from ${ready} of ${upstreams.size} upstream servers`;
  logger.info(current.indexFailed === true ? `listed ${listed}; not indexed (the error above): each search tries again` : `indexed ${listed}`);
  logDecision(current.decision);

  const renderResult = createSearchResultRenderer();
  const { recordUsage } = options;
  // Searches waiting for an asynchronous ranker take turns between clients: one client's flood delays another's search by one, not by its all.
  const searches = createFairSearchQueue();
  const busyWarning = createRateLimitedWarning({ logger });
  /** Answers `args` with core's search kernel over `ranker`. */
  const answerWith = (args: unknown, ranker: Ranker): MaybePromise<ToolSearchAnswer> =>
    answerToolSearchNow(args, {
      ranker,
      limit,
      maxLimit: 100,
      overLimit: 'reject',
      toolName: SEARCH_TOOLS_NAME,
      // A tool whose own circuit is open (its calls keep timing out) is not available either, its server's other tools are.
      available: (tool) => tool.server !== null && upstreams.get(tool.server)?.callable(tool.name) === true,
    });
  const fallback = fallbackSearches(options, logger, answerWith);
  /** A search the ranker failed through its own fault, answered by the fallback instead (`fallbackSearches`), else `answer` as it is. */
  const orFallback = (args: unknown, index: ToolIndex, answer: MaybePromise<ToolSearchAnswer>): MaybePromise<ToolSearchAnswer> => {
    if (fallback === undefined) return answer;
    const checked = (settled: ToolSearchAnswer): MaybePromise<ToolSearchAnswer> =>
      isRankerFault(settled) ? fallback(args, index, `${settled.message} [${settled.code}]`, settled) : settled;
    return isPromise(answer) ? answer.then(checked) : checked(answer);
  };

  /** `answer` for the servers of `client`, through the fair queue. */
  const answerFor =
    (client: string) =>
    (args: unknown): MaybePromise<ToolSearchAnswer> =>
      searches.run(
        client,
        () => {
          const index = current;
          return orFallback(args, index, answerWith(args, index.ranker));
        },
        (why) => {
          const refused = searchBusy(args, why);
          const waiting = `${why.scope === 'client' ? describeClient(client) : 'the gateway'} has ${why.waiting} searches waiting already`;
          if (fallback !== undefined) return fallback(args, current, `${waiting} [ranker-busy]`, refused);
          busyWarning(`refused a search of ${describeClient(client)}: ${refused.message} [ranker-busy]`);
          return refused;
        },
      );
  // A call answered while the gateway shuts down was cut off (its client may never see the answer): not recorded.
  const receipts = createSearchReceipts({
    // Re-running a receipt's search (one another replica issued) is a client of its own: a flood of them takes one turn.
    answer: answerFor('receipt checks'),
    recordUsage: recordUsage === undefined ? undefined : (event) => (closed ? undefined : recordUsage(event)),
    logger,
  });
  /** Every stateless request of this replica is one recording context: a receipt and tool are recorded once here. */
  const statelessRecorder = receipts.recorder();
  const checkArguments = createArgumentChecker();
  /** A tool by name, undefined when none or ambiguous (a call then gets the ambiguity error of `resolveToolName`). */
  const findIn = (index: ToolIndex, name: string): CatalogTool | undefined => {
    try {
      return resolveToolName(index.catalog, name);
    } catch {
      return undefined;
    }
  };

  const gateway: Gateway = {
    get index() {
      return current;
    },
    get catalog() {
      return current.catalog;
    },
    limit,
    upstreams: () => [...upstreams.values()].map((upstream) => upstream.status()),
    answer(args) {
      return answerWith(args, current.ranker);
    },
    async search(query, searchOptions = {}) {
      const answer = await gateway.answer({ query, limit: integerOption('@loadout/mcp', 'limit', searchOptions.limit, limit, 1, 100) });
      if (!answer.ok) throw createLoadoutError(answer.code, answer.message, { query });
      return answer.tools.map((found): GatewaySearchHit => ({ tool: found.tool, score: found.score, available: found.available }));
    },
    findTool: (name) => findIn(current, name),
    async callTool(name, args = {}, callOptions = {}) {
      const tool = resolveToolName(current.catalog, name);
      const upstream = tool?.server === null || tool?.server === undefined ? undefined : upstreams.get(tool.server);
      if (tool === undefined || upstream === undefined) {
        throw unknownToolError(name, current.decision.toolSearch);
      }
      return upstream.callTool(tool.name, args, callOptions);
    },
    createServer: (context) =>
      context?.era === 'modern'
        ? createStatelessServer(gateway, {
            answer: answerFor(context.client ?? DEFAULT_CLIENT),
            renderResult,
            receipts,
            ...(statelessRecorder === undefined ? {} : { recorder: statelessRecorder }),
            checkArguments,
            callPolicy,
            listTtlMs: DEFAULT_LIST_TTL_MS,
            ...(options.serverInfo === undefined ? {} : { serverInfo: options.serverInfo }),
          })
        : createGatewaySession(gateway, {
        answer: answerFor(context?.client ?? DEFAULT_CLIENT),
        maxLoadedTools,
        logger,
        renderResult,
        receipts,
        callPolicy,
        ...(options.serverInfo === undefined ? {} : { serverInfo: options.serverInfo }),
      }),
    onIndexChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async reindex() {
      scheduleRebuild();
      await rebuilds.idle();
    },
    async settled() {
      await rebuilds.idle();
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      await Promise.all([...upstreams.values()].map((upstream) => upstream.close()));
    },
  };
  return gateway;
}
