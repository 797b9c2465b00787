/** Which tools a {@link pinTools} or {@link deferTools} plugin moves. */
export interface SelectToolsOptions {
  /** Only tools of this MCP server (exact match). Default: any server, and tools without one. */
  readonly server?: string;
  /** Globs over the tool's own name (`*` any run, `?` one character; anchored, case-sensitive). Empty: no tool. */
  readonly tools: readonly string[];
}
