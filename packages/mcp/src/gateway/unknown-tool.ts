import { ProtocolErrorCode } from '@modelcontextprotocol/server';
import { gatewayCallError, type GatewayCallError } from '../upstream/gateway-call-error.js';
import { CALL_TOOL_NAME, SEARCH_TOOLS_NAME } from './gateway-tools.js';

/**
 * The refusal of a call of a tool the gateway does not serve: -32602
 * `unknown-tool`, with a hint naming only what exists in that mode (3447).
 * With tool search on, `search_tools` finds names, and the gateway's own
 * tools called through `call_tool` are to be called directly; with it off
 * there is neither `search_tools` nor `call_tool`, and `tools/list` lists
 * every tool.
 */
export function unknownToolError(name: string, toolSearch: 'on' | 'off'): GatewayCallError {
  const own = name === SEARCH_TOOLS_NAME || name === CALL_TOOL_NAME;
  let hint: string;
  if (toolSearch === 'off') {
    hint = own
      ? `tool search is off, so this gateway has no ${SEARCH_TOOLS_NAME} or ${CALL_TOOL_NAME}; call the tools tools/list lists directly`
      : 'tool search is off: tools/list lists every tool this gateway serves';
  } else {
    hint = own ? `it is the gateway's own tool: call it directly, not through ${CALL_TOOL_NAME}` : `${SEARCH_TOOLS_NAME} finds tools and returns their names`;
  }
  return gatewayCallError(ProtocolErrorCode.InvalidParams, 'unknown-tool', `unknown tool ${JSON.stringify(name)}: ${hint}`, { tool: name });
}
