/** Settings every upstream entry may carry. */
interface UpstreamCommon {
  /** Every tool of this server is listed from the start instead of waiting for a search. Default false. */
  readonly alwaysLoad: boolean;
}

/** A local server the gateway starts and talks to over stdin/stdout. */
export interface StdioUpstreamConfig extends UpstreamCommon {
  readonly type: 'stdio';
  /** Executable to start; looked up on `PATH` when not a path. */
  readonly command: string;
  /** Arguments. Default `[]`. */
  readonly args: readonly string[];
  /** Extra environment; merged over a small safe set (`HOME`, `PATH`, …) inherited from the gateway. Default `{}`. */
  readonly env: Readonly<Record<string, string>>;
  /** Working directory. Default: the gateway's. */
  readonly cwd?: string;
}

/** A remote server reached over MCP's streamable HTTP transport. */
export interface HttpUpstreamConfig extends UpstreamCommon {
  readonly type: 'http';
  /** Endpoint URL, `http:` or `https:`. */
  readonly url: string;
  /** Headers sent with every request (e.g. `Authorization`). Default `{}`. */
  readonly headers: Readonly<Record<string, string>>;
}

/** One validated `mcpServers` entry. */
export type UpstreamConfig = StdioUpstreamConfig | HttpUpstreamConfig;

/** A validated gateway configuration: the upstream servers by name, in file order. */
export interface McpGatewayConfig {
  readonly mcpServers: Readonly<Record<string, UpstreamConfig>>;
}
