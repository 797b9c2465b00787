import type { JsonObject } from './json.js';

/**
 * One entry of an `mcpServers` config, as Claude Code and Claude Desktop
 * write it: a local server (`command`, `args`, `env`) or a remote one
 * (`type`, `url`, `headers`). Tool search reads only `alwaysLoad`.
 */
export interface McpServerConfig {
  /** Executable of a local (stdio) server. */
  readonly command?: string;
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Transport of a remote server, e.g. `http`, `sse`; `stdio` for a local one. */
  readonly type?: string;
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Every tool of this server is loaded upfront. Default: false. */
  readonly alwaysLoad?: boolean;
}

/** A tool as MCP's `tools/list` returns it. Fields beyond these are ignored. */
export interface McpTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: JsonObject;
  /** `anthropic/alwaysLoad: true` keeps this tool upfront. */
  readonly _meta?: JsonObject;
}

/** The result of MCP's `tools/list`. Only the given page is read; `nextCursor` is ignored. */
export interface McpToolListing {
  readonly tools: readonly McpTool[];
  readonly nextCursor?: string;
}
