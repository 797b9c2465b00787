import type { Tool } from '@modelcontextprotocol/server';
import type { McpGatewayConfig } from '../config/mcp-config.js';
import { integerOption } from '@loadout/core/utils';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../gateway/create-gateway-options.js';
import { resolveGatewayLimits, type GatewayLimits } from '../limits/gateway-limits.js';
import { checkUpstreamTools, type SkippedUpstreamTool } from '../upstream/check-upstream-tools.js';
import { connectUpstream, upstreamExit, type UpstreamStderr } from '../upstream/connect-upstream.js';
import { describeProcessExit } from '../upstream/process-exit.js';
import { listUpstreamTools } from '../upstream/list-upstream-tools.js';

/**
 * A catalog snapshot as `parseCatalogText` reads it: each server's settings
 * (only `alwaysLoad`; commands, environments and headers are left out, as
 * they may hold secrets) and its `tools/list` result.
 */
export interface McpCatalogSnapshot {
  readonly mcpServers: Record<string, { alwaysLoad?: true }>;
  readonly tools: Record<string, { tools: Tool[] }>;
}

/** Progress of {@link pullCatalog}, one event per server step. */
export type PullProgress =
  | { readonly server: string; readonly step: 'connecting' }
  | { readonly server: string; readonly step: 'listed'; readonly tools: number; readonly skipped: number }
  | { readonly server: string; readonly step: 'failed'; readonly error: string };

/** Options of {@link pullCatalog}. */
export interface PullCatalogOptions {
  /** Longest wait for each server's handshake and each `tools/list` page, in ms. 1–86,400,000; default 10,000. */
  readonly timeoutMs?: number;
  /**
   * Local servers' stderr. Default: not shown, but read, so a server that exits before it answers, or while it lists
   * its tools, fails with its last line (`exited with code 3 before it answered; last line on its stderr: "…"`).
   */
  readonly stderr?: UpstreamStderr;
  /** Listing limits (depth, size, description length, tools per server); see `GatewayLimits`. Default: the gateway's defaults. */
  readonly limits?: Partial<GatewayLimits>;
  /** Called as each server connects, lists or fails. */
  readonly onProgress?: (event: PullProgress) => void;
}

/** One entry {@link pullCatalog} left out, and why (a line for a report). */
export interface PulledSkip {
  readonly server: string;
  readonly kind: SkippedUpstreamTool['kind'];
  readonly problem: string;
}

/** What {@link pullCatalog} produced. */
export interface PullCatalogResult {
  readonly snapshot: McpCatalogSnapshot;
  /** Servers that could not be listed; absent from `snapshot.tools`. */
  readonly failures: readonly { readonly server: string; readonly error: string }[];
  /**
   * Tools left out of the snapshot: `malformed` ones, ones `over-limit`
   * (too deep, too large), and listings `cut` at a limit on the whole
   * listing (tools per server, a page's size): that server's snapshot holds
   * only the tools before the cut.
   */
  readonly skipped: readonly PulledSkip[];
}

/** Reads a server's stderr and shows none of it (connectUpstream keeps its last line for an early exit). */
const ignoreLines = (): void => {};

/**
 * Connects to every server of `config` once (in parallel), lists all their
 * tools (following `nextCursor`), closes them and returns the combined
 * snapshot. A server that fails is reported in `failures`, not thrown; a
 * tool left out, or a listing cut at a limit, is reported in `skipped`.
 */
export async function pullCatalog(config: McpGatewayConfig, options: PullCatalogOptions = {}): Promise<PullCatalogResult> {
  const timeoutMs = integerOption('@loadout/mcp', 'timeoutMs', options.timeoutMs, DEFAULT_CONNECT_TIMEOUT_MS, 1, 86_400_000);
  const limits = resolveGatewayLimits(options.limits);
  const progress = options.onProgress ?? (() => {});
  const mcpServers: McpCatalogSnapshot['mcpServers'] = {};
  const listed = new Map<string, Tool[]>();
  const failures: { server: string; error: string }[] = [];
  const skipped: PulledSkip[] = [];
  const names = Object.keys(config.mcpServers);
  for (const name of names) mcpServers[name] = config.mcpServers[name]!.alwaysLoad ? { alwaysLoad: true } : {};
  await Promise.all(
    names.map(async (server) => {
      progress({ server, step: 'connecting' });
      try {
        const client = await connectUpstream(config.mcpServers[server]!, {
          timeoutMs,
          stderr: options.stderr ?? ignoreLines,
          messageLimits: {
            messageBytes: limits.maxMessageBytes,
            listingBytes: limits.maxListingBytes,
            onDropped: ({ bytes, limit }) => skipped.push({ server, kind: 'over-limit', problem: `dropped a message of ${bytes} bytes, more than the limit of ${limit} [mcp-result-too-large]` }),
          },
        });
        try {
          const raw = await listUpstreamTools(client, { timeoutMs }).catch((error: unknown) => {
            // A server that exited while listing says how, not `Connection closed`.
            const ended = upstreamExit(client);
            throw ended === undefined ? error : new Error(describeProcessExit(ended.exit, ended.lastStderrLine, ' while it listed its tools'), { cause: error });
          });
          const checked = checkUpstreamTools(raw.tools, limits);
          if (raw.truncated !== undefined) skipped.push({ server, kind: 'cut', problem: raw.truncated });
          for (const { kind, problem } of checked.skipped) skipped.push({ server, kind, problem });
          listed.set(server, checked.tools);
          progress({ server, step: 'listed', tools: checked.tools.length, skipped: checked.skipped.length });
        } finally {
          await client.close().catch(() => {});
        }
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).replace(/^MCP error -?\d+: /, '');
        failures.push({ server, error: message });
        progress({ server, step: 'failed', error: message });
      }
    }),
  );
  const tools: McpCatalogSnapshot['tools'] = {};
  for (const name of names) {
    const serverTools = listed.get(name);
    if (serverTools !== undefined) tools[name] = { tools: serverTools };
  }
  failures.sort((a, b) => names.indexOf(a.server) - names.indexOf(b.server));
  return { snapshot: { mcpServers, tools }, failures, skipped };
}
