import type { Catalog, CatalogTool, MaybePromise, ToolSearchAnswer } from '@loadout/core';
import type { Server } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolIndex } from '../search-index/tool-index.js';
import type { UpstreamStatus } from '../upstream/upstream.js';

/** One search result of a {@link Gateway}. */
export interface GatewaySearchHit {
  readonly tool: CatalogTool;
  /** Higher is better; comparable only within one result list. */
  readonly score: number;
  /** False while the tool's upstream is not connected (calling it fails until it reconnects). */
  readonly available: boolean;
}

/** Options of {@link Gateway.search}. */
export interface GatewaySearchOptions {
  /** Results to return, 1–100. Default: the gateway's `limit`. */
  readonly limit?: number;
}

/** Options of {@link Gateway.callTool}. */
export interface GatewayCallOptions {
  /** Overrides the gateway's call timeout, in ms. */
  readonly timeoutMs?: number;
  /** Cancels the call; the upstream is sent `notifications/cancelled`, and only this call ends (rejects with `cancelled`; the upstream is not counted as failing). */
  readonly signal?: AbortSignal;
}

/**
 * The tools of many upstream MCP servers behind one search. Create with
 * `createGateway`; expose with `serveStdio` / `serveHttp`, or connect
 * `createServer()` to any MCP transport.
 */
export interface Gateway {
  /** The generation currently searched; replaced whole (never mutated) when an upstream's tools change. */
  readonly index: ToolIndex;
  /** Shorthand for `index.catalog`. */
  readonly catalog: Catalog;
  /** The results per search when none is asked for (1–100). */
  readonly limit: number;
  /** Every upstream's state, in config order. */
  upstreams(): readonly UpstreamStatus[];
  /**
   * Answers one `search_tools` call (`{ query, limit? }`) with core's search
   * kernel over the current generation: the found tools with name,
   * description, input schema and availability, or a failure naming the bad
   * argument or query. A plain value when the ranker searches synchronously
   * (every built-in ranker), else a promise. Never throws or rejects.
   */
  answer(args: unknown): MaybePromise<ToolSearchAnswer>;
  /** Ranks the current generation's tools; query syntax (`select:`, `+term`) applies. Throws LoadoutErrors for bad queries. */
  search(query: string, options?: GatewaySearchOptions): Promise<readonly GatewaySearchHit[]>;
  /** A tool by API name or display name (`mcp__server__tool`), else by its own name when only one server has it (undefined when several do). */
  findTool(name: string): CatalogTool | undefined;
  /**
   * Calls a tool on its upstream and returns the upstream's result unchanged.
   * Rejects with a `GatewayCallError`: unknown tool (-32602), a bare name
   * two servers share (-32602 `mcp-tool-ambiguous`, naming both), upstream
   * unavailable (-32010, naming server and state), timeout (-32001); an
   * upstream's own JSON-RPC error keeps its code and message.
   */
  callTool(name: string, args?: Record<string, unknown>, options?: GatewayCallOptions): Promise<CallToolResult>;
  /**
   * A new MCP server over this gateway for one protocol era: `legacy`
   * (default; a 2025-era session with its own loaded-tools list, connect it
   * to one transport) or `modern` (one 2026-07-28 request, stateless). The
   * shape of the SDK's `McpServerFactory`, so `createMcpHandler` and
   * `serveStdio` take it directly. `client` names who it serves (e.g. a
   * bearer token's fingerprint, else the client's address; never the token
   * itself): searches that wait for an asynchronous ranker take turns between
   * clients, and each client may have 64 waiting. Default: one client for
   * every server made without one.
   */
  createServer(context?: { readonly era?: 'legacy' | 'modern'; readonly client?: string }): Server;
  /** Called after each new generation is swapped in. Returns an unsubscribe function. */
  onIndexChange(listener: (index: ToolIndex) => void): () => void;
  /**
   * Builds a new index generation with a fresh ranker (the ranker factory is
   * called again: a learned ranker re-reads its decision), swapped in when
   * complete; searches keep the current one meanwhile. Resolves when done.
   */
  reindex(): Promise<void>;
  /** Resolves when no re-indexing is pending (an upstream that just announced a change may still be re-listing). */
  settled(): Promise<void>;
  /** Closes every upstream (local servers are asked to exit) and stops reconnecting. Idempotent. */
  close(): Promise<void>;
}
