import type { Tool } from '@modelcontextprotocol/server';
import { toolOverLimit } from '../limits/check-tool-limits.js';
import type { GatewayLimits } from '../limits/gateway-limits.js';
import { checkUpstreamTool } from './check-upstream-tool.js';

/** One tool of a listing that was left out, and why (a line for a log or a report). */
export interface SkippedUpstreamTool {
  /**
   * `malformed`: fails MCP's Tool schema; `over-limit`: over a
   * {@link GatewayLimits} limit on one tool; `cut`: the listing was cut at a
   * limit on the whole listing (`maxToolsPerServer`, a page's size), and this
   * one entry stands for every tool after the cut.
   */
  readonly kind: 'malformed' | 'over-limit' | 'cut';
  readonly problem: string;
}

function label(raw: unknown, index: number): string {
  const name = typeof raw === 'object' && raw !== null ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string' ? `tool ${index} (${JSON.stringify(name.slice(0, 100))})` : `tool ${index}`;
}

/**
 * The usable tools of one upstream's raw listing: each tool is first held to
 * the listing limits (depth, JSON size, description length; checked without
 * recursion, so a definition nested 10,000 levels is just skipped), then to
 * MCP's Tool schema; at most `maxToolsPerServer` are kept, in listing order.
 * Every tool left out is reported.
 */
export function checkUpstreamTools(raw: readonly unknown[], limits: GatewayLimits): { tools: Tool[]; skipped: SkippedUpstreamTool[] } {
  const tools: Tool[] = [];
  const skipped: SkippedUpstreamTool[] = [];
  raw.forEach((item, index) => {
    const overLimit = toolOverLimit(item, limits);
    if (overLimit !== undefined) {
      skipped.push({ kind: 'over-limit', problem: `${label(item, index)}: ${overLimit} [mcp-tool-over-limit]` });
      return;
    }
    const checked = checkUpstreamTool(item, index);
    if ('tool' in checked) tools.push(checked.tool);
    else skipped.push({ kind: 'malformed', problem: checked.problem });
  });
  if (tools.length > limits.maxToolsPerServer) {
    skipped.push({
      kind: 'cut',
      problem: `the last ${tools.length - limits.maxToolsPerServer} of ${tools.length} tools: at most ${limits.maxToolsPerServer} per server [mcp-tool-over-limit]`,
    });
    tools.length = limits.maxToolsPerServer;
  }
  return { tools, skipped };
}
