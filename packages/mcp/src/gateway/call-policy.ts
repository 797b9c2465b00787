import type { CatalogTool } from '@loadout/core';
import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ToolIndex } from '../search-index/tool-index.js';
import { GatewayCallError } from '../upstream/gateway-call-error.js';

/**
 * Which upstream tools a client may call. `any` (the default): every tool,
 * found by a search or not; search is not an access boundary. `found`: only
 * the tools listed upfront and those a search returned (of that session, or
 * of the `searchId` a stateless call carries).
 */
export type CallPolicy = 'any' | 'found';

/** The call policies, in the order `--help` lists them. */
export const CALL_POLICIES: readonly CallPolicy[] = ['any', 'found'];

const upfrontNames = new WeakMap<ToolIndex, ReadonlySet<string>>();

/** Whether `tool` is listed upfront in `index` (always callable: the client sees it without a search). */
export function isUpfront(index: ToolIndex, tool: CatalogTool): boolean {
  let names = upfrontNames.get(index);
  if (names === undefined) {
    names = new Set(index.upfront.map((entry) => entry.displayName));
    upfrontNames.set(index, names);
  }
  return names.has(tool.displayName);
}

/** The refusal of a call that `calls: 'found'` does not allow: -32602 `mcp-call-not-found`. */
export function callNotFoundError(tool: CatalogTool, stateless: boolean): GatewayCallError {
  const how = stateless
    ? 'call it through call_tool with the searchId of the search_tools result that returned it'
    : 'search for it with search_tools first';
  return new GatewayCallError(
    ProtocolErrorCode.InvalidParams,
    `tool ${JSON.stringify(tool.apiName)} was not returned by a search${stateless ? ' this call names' : ' of this session'}; this gateway calls only tools a search found (calls: found): ${how}`,
    { code: 'mcp-call-not-found', tool: tool.apiName },
  );
}
