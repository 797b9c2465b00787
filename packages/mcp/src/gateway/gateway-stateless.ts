import type { CatalogTool, LoadoutErrorCode, MaybePromise, ToolSearchAnswer } from '@loadout/core';
import { thenMaybe } from '@loadout/core/utils';
import type { Server } from '@modelcontextprotocol/server';
import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { ToolIndex } from '../search-index/tool-index.js';
import { argumentsError, type GatewayCallError } from '../upstream/gateway-call-error.js';
import type { ArgumentChecker } from './check-tool-arguments.js';
import type { Gateway } from './gateway.js';
import type { ReceiptRecorder, SearchReceipts } from './search-receipts.js';
import { decodeSearchId, encodeSearchId } from './search-id.js';
import { callNotFoundError, isUpfront, type CallPolicy } from './call-policy.js';
import type { SearchResultRenderer } from './search-result.js';
import { GatewayServer } from './gateway-server.js';
import { readCallArguments } from './read-call-arguments.js';
import { malformedSearchIdError, readCallToolInput } from './read-call-tool-input.js';
import { CALL_TOOL_NAME, callToolDefinition, renderTool, SEARCH_TOOLS_NAME, searchToolsDefinition } from './gateway-tools.js';

/** Options of {@link createStatelessServer}. */
export interface StatelessServerOptions {
  /** Answers this request's search (`gateway.answer` through the gateway's fair queue, as this request's client). */
  readonly answer: (args: unknown) => MaybePromise<ToolSearchAnswer>;
  readonly renderResult: SearchResultRenderer;
  /** Checks the `searchId` a call carries (for `callPolicy: 'found'` and for recording). */
  readonly receipts: SearchReceipts;
  /** Records a checked receipt's usage, shared by every stateless request of this replica. Default: none, nothing recorded. */
  readonly recorder?: ReceiptRecorder;
  readonly checkArguments: ArgumentChecker;
  /** How long a client may keep the `tools/list` result, in ms. */
  readonly listTtlMs: number;
  /** `found`: only tools listed upfront or returned by the search a call's `searchId` names may be called. Default `any`. */
  readonly callPolicy?: CallPolicy;
  /** Default `{ name: "loadout", version: "0.1.0" }`. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
}

/**
 * The tools every stateless client sees, identical on every replica of one
 * config: `search_tools` and `call_tool` (tool search on) and the tools that
 * stay upfront; with tool search off, every tool.
 */
export function statelessTools(index: ToolIndex, limit: number): Tool[] {
  const on = index.decision.toolSearch === 'on';
  const tools: Tool[] = on ? [searchToolsDefinition(index, limit), callToolDefinition()] : [];
  for (const tool of index.upfront) tools.push(renderTool(tool, index.definitions.get(tool.displayName)));
  return tools;
}

/** -32602 with `data.code` (default `invalid-input`), as every other argument error of the gateway (3442). */
function invalidParams(message: string, code: LoadoutErrorCode = 'invalid-input'): GatewayCallError {
  return argumentsError(code, message);
}

/**
 * One request's MCP server for a 2026-07-28 (stateless) client: nothing
 * depends on a connection. `tools/list` is {@link statelessTools} with a time
 * to live; a search result carries the found tools' full definitions and a
 * `searchId`; `call_tool` (or a direct call) checks the arguments against the
 * tool's input schema and proxies the call, and a `searchId` passed back
 * records the search's positive on whichever replica the call lands.
 */
export function createStatelessServer(gateway: Gateway, options: StatelessServerOptions): Server {
  const server = new GatewayServer(options.serverInfo ?? { name: 'loadout', version: '0.1.0' }, {
    capabilities: { tools: { listChanged: true } },
    cacheHints: { 'tools/list': { ttlMs: options.listTtlMs, cacheScope: 'private' } },
    instructions:
      'Tools of many MCP servers are behind search_tools: search by what you need to do, then call a found tool through call_tool with the searchId of the result.',
  });

  const render = (answer: ToolSearchAnswer): CallToolResult => {
    if (!answer.ok) {
      if (answer.stage === 'arguments') throw invalidParams(answer.message, answer.code);
      return { isError: true, content: [{ type: 'text', text: `${SEARCH_TOOLS_NAME}: ${answer.message} [${answer.code}]` }] };
    }
    const names = answer.tools.map((found) => found.tool.displayName);
    const searchId = names.length === 0 ? undefined : encodeSearchId(answer.query, names);
    if (searchId !== undefined) options.receipts.issued(searchId);
    return options.renderResult(answer.query, answer.tools, searchId);
  };

  /**
   * Checks the tool's arguments and, when it matters (`callPolicy: 'found'`
   * or recording), the receipt `searchId`: the search it names must have
   * returned the tool (`SearchReceipts.check`; a forged id is worth no more
   * than running that search). A valid receipt records its usage event once
   * the upstream answered the call successfully (no `isError`, not cancelled).
   */
  const call = async (name: string, args: Record<string, unknown>, searchId: unknown, signal: AbortSignal): Promise<CallToolResult> => {
    const tool: CatalogTool | undefined = gateway.findTool(name);
    if (tool !== undefined) {
      options.checkArguments(tool, args);
      const guarded = options.callPolicy === 'found' && !isUpfront(gateway.index, tool);
      // Where the receipt decides, one that is no searchId at all is a malformed argument, not a tool no search found (3447).
      if (guarded && searchId !== undefined && decodeSearchId(searchId) === undefined) throw malformedSearchIdError(searchId);
      const receipt = searchId === undefined || (!guarded && options.recorder === undefined) ? undefined : await options.receipts.check(tool, searchId);
      if (guarded && receipt === undefined) throw callNotFoundError(tool, true);
      if (receipt !== undefined && options.recorder !== undefined) {
        const result = await gateway.callTool(name, args, { signal });
        // Only a call the upstream answered successfully is a positive: a failed one teaches nothing.
        if (result.isError !== true && !signal.aborted) options.recorder.record(tool, receipt);
        return result;
      }
    }
    return gateway.callTool(name, args, { signal });
  };

  server.setRequestHandler('tools/list', () => ({ tools: statelessTools(gateway.index, gateway.limit) }));
  server.setRequestHandler('tools/call', (request, context) => {
    const { name } = request.params;
    const args = readCallArguments(request.params.arguments, name);
    const on = gateway.index.decision.toolSearch === 'on';
    if (on && name === SEARCH_TOOLS_NAME) return thenMaybe(options.answer(args), render);
    if (on && name === CALL_TOOL_NAME) {
      const input = readCallToolInput(args);
      return call(input.name, input.arguments, input.searchId, context.mcpReq.signal);
    }
    return call(name, args, undefined, context.mcpReq.signal);
  });
  return server;
}
