import type { CatalogTool, LoadoutErrorCode, MaybePromise, ToolSearchAnswer } from '@loadout/core';
import { thenMaybe } from '@loadout/core/utils';
import type { Server } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { GatewayLogger } from '../logger/gateway-logger.js';
import { argumentsError, type GatewayCallError } from '../upstream/gateway-call-error.js';
import type { Gateway } from './gateway.js';
import type { SearchReceipts } from './search-receipts.js';
import { callNotFoundError, isUpfront, type CallPolicy } from './call-policy.js';
import { decodeSearchId, encodeSearchId } from './search-id.js';
import { createSessionSearches } from './session-searches.js';
import type { SearchResultRenderer } from './search-result.js';
import { GatewayServer } from './gateway-server.js';
import { readCallArguments } from './read-call-arguments.js';
import { malformedSearchIdError, readCallToolInput } from './read-call-tool-input.js';
import { CALL_TOOL_NAME, callToolDefinition, renderTool, SEARCH_TOOLS_NAME, searchToolsDefinition } from './gateway-tools.js';

/** Options of {@link createGatewaySession}. */
export interface GatewaySessionOptions {
  /** Answers this session's searches (`gateway.answer` through the gateway's fair queue, as this session's client). */
  readonly answer: (args: unknown) => MaybePromise<ToolSearchAnswer>;
  /** Most searched tools kept in this session's list; the oldest found drop out first. */
  readonly maxLoadedTools: number;
  readonly logger: GatewayLogger;
  /** Renders a search's found tools as the `search_tools` result (shared by the gateway's sessions, so each tool is serialised once). */
  readonly renderResult: SearchResultRenderer;
  /** Default `{ name: "loadout", version: "0.1.0" }`. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /** Checks the `searchId`s this session gives out and is given back, and records this session's usage (shared with the stateless servers). */
  readonly receipts: SearchReceipts;
  /** `found`: only tools listed upfront or returned by a search of this session may be called. Default `any`. */
  readonly callPolicy?: CallPolicy;
}

/** -32602 with `data.code` (default `invalid-input`), as every other argument error of the gateway (3442). */
function invalidParams(message: string, code: LoadoutErrorCode = 'invalid-input'): GatewayCallError {
  return argumentsError(code, message);
}

/**
 * One MCP server session over a gateway: lists `search_tools`, `call_tool`,
 * the always-loaded tools and the tools this session's searches found (sending
 * `notifications/tools/list_changed` when that list grows or an upstream
 * changes a listed tool, once until the client lists again), and proxies
 * calls of listed tools to their upstream.
 */
export function createGatewaySession(gateway: Gateway, options: GatewaySessionOptions): Server {
  const serverInfo = options.serverInfo ?? { name: 'loadout', version: '0.1.0' };
  const server = new GatewayServer(serverInfo, {
    capabilities: { tools: { listChanged: true } },
    instructions:
      'Tools of many MCP servers are behind search_tools: search by what you need to do, then call a found tool directly or through call_tool.',
  });
  const loaded = new Map<string, true>();
  /** Every tool a search of this session returned (kept only under `callPolicy: 'found'`). */
  const found = options.callPolicy === 'found' ? new Set<string>() : undefined;
  /** Throws `mcp-call-not-found` for a call `callPolicy: 'found'` does not allow; unknown and ambiguous names are left to the call. */
  const checkFound = (name: string): void => {
    if (found === undefined) return;
    const tool = gateway.findTool(name);
    if (tool !== undefined && !found.has(tool.displayName) && !isUpfront(gateway.index, tool)) throw callNotFoundError(tool, false);
  };
  const recorder = options.receipts.recorder();
  /** This session's searches, for pairing a call with the search it follows (kept only when usage is recorded). */
  const searches = recorder === undefined ? undefined : createSessionSearches();
  /**
   * Proxies a call of `name` under `searchId` (`call_tool`'s, else, when the
   * call starts, that of the session's most recent search that found the
   * tool, else its latest search's) and, once the upstream answered it
   * successfully (no `isError`, not cancelled), records its usage event when
   * the receipt checks out, once per search and tool in this session. So with
   * many searches and calls in flight at once, a direct call is credited to
   * the search that found its tool, not to whichever search ended last; a
   * tool no search of the session found is checked against the latest search
   * (and records nothing); a call that failed (timed out, crashed the
   * upstream, too large, cut off by shutdown) teaches nothing.
   */
  const proxyCall = (name: string, args: Record<string, unknown>, signal: AbortSignal, given?: unknown): Promise<CallToolResult> => {
    const searchId = given ?? searches?.followed(gateway.findTool(name));
    const called = gateway.callTool(name, args, { signal });
    if (recorder === undefined || searchId === undefined) return called;
    return called.then((result) => {
      const tool = result.isError === true || signal.aborted ? undefined : gateway.findTool(name);
      // check never rejects and record never throws: nothing to catch.
      if (tool !== undefined) void thenMaybe(options.receipts.check(tool, searchId), (receipt) => (receipt === undefined ? undefined : recorder.record(tool, receipt)));
      return result;
    });
  };
  let lastListed: string | undefined;
  /**
   * A list_changed was sent and the client has not listed since: it already
   * knows its list is stale, so further changes need no notification until
   * its next tools/list (a client that never lists gets one, not one per search).
   */
  let stale = false;

  const visibleTools = (): Tool[] => {
    const index = gateway.index;
    const on = index.decision.toolSearch === 'on';
    const tools: Tool[] = on ? [searchToolsDefinition(index, gateway.limit), callToolDefinition()] : [];
    const seen = new Set<string>();
    const add = (tool: CatalogTool): void => {
      if (seen.has(tool.displayName)) return;
      seen.add(tool.displayName);
      tools.push(renderTool(tool, index.definitions.get(tool.displayName)));
    };
    for (const tool of index.upfront) add(tool);
    if (!on) return tools;
    for (const displayName of loaded.keys()) {
      const tool = index.catalog.byDisplayName.get(displayName);
      if (tool !== undefined) add(tool);
    }
    return tools;
  };

  const load = (tools: readonly CatalogTool[]): boolean => {
    let grew = false;
    for (const tool of tools) {
      if (loaded.has(tool.displayName)) {
        loaded.delete(tool.displayName);
      } else {
        grew = true;
      }
      loaded.set(tool.displayName, true);
    }
    while (loaded.size > options.maxLoadedTools) loaded.delete(loaded.keys().next().value!);
    return grew;
  };

  const render = (answer: ToolSearchAnswer, notify: () => Promise<void>): MaybePromise<CallToolResult> => {
    if (!answer.ok) {
      if (answer.stage === 'arguments') throw invalidParams(answer.message, answer.code);
      return { isError: true, content: [{ type: 'text', text: `${SEARCH_TOOLS_NAME}: ${answer.message} [${answer.code}]` }] };
    }
    const names = answer.tools.map((hit) => hit.tool.displayName);
    if (found !== undefined) for (const name of names) found.add(name);
    const searchId = names.length === 0 ? undefined : encodeSearchId(answer.query, names);
    if (searchId !== undefined) options.receipts.issued(searchId);
    searches?.found(searchId, names);
    const result = options.renderResult(answer.query, answer.tools, searchId);
    if (load(answer.tools.map((tool) => tool.tool)) && !stale) {
      stale = true;
      return notify().then(() => result);
    }
    return result;
  };

  // Synchronous whenever the ranker is: the answer goes out without extra turns of the event loop.
  const search = (args: Record<string, unknown>, notify: () => Promise<void>): MaybePromise<CallToolResult> =>
    thenMaybe(options.answer(args), (answer) => render(answer, notify));

  server.setRequestHandler('tools/list', () => {
    const tools = visibleTools();
    lastListed = JSON.stringify(tools);
    stale = false;
    return { tools };
  });

  server.setRequestHandler('tools/call', (request, context) => {
    const { name } = request.params;
    const args = readCallArguments(request.params.arguments, name);
    const on = gateway.index.decision.toolSearch === 'on';
    if (on && name === SEARCH_TOOLS_NAME) {
      return search(args, () => context.mcpReq.notify({ method: 'notifications/tools/list_changed' }));
    }
    if (on && name === CALL_TOOL_NAME) {
      // An empty or null searchId (models fill optional fields so) is no receipt: paired as a direct call is.
      const input = readCallToolInput(args);
      // As the stateless servers do (3447): under `found`, a searchId that is none at all is a malformed argument.
      if (found !== undefined && input.searchId !== undefined && decodeSearchId(input.searchId) === undefined) throw malformedSearchIdError(input.searchId);
      checkFound(input.name);
      return proxyCall(input.name, input.arguments, context.mcpReq.signal, input.searchId);
    }
    checkFound(name);
    return on ? proxyCall(name, args, context.mcpReq.signal) : gateway.callTool(name, args, { signal: context.mcpReq.signal });
  });

  const unsubscribe = gateway.onIndexChange(() => {
    if (lastListed === undefined || stale || server.transport === undefined) return;
    const now = JSON.stringify(visibleTools());
    if (now === lastListed) return;
    lastListed = now;
    stale = true;
    server.sendToolListChanged().catch((error: unknown) => {
      options.logger.debug(`could not send tools/list_changed to a client: ${(error as Error).message}`);
    });
  });
  const previousOnClose = server.onclose;
  server.onclose = () => {
    unsubscribe();
    previousOnClose?.();
  };
  return server;
}
