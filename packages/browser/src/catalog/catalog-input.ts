import type { CatalogIssue, CatalogTextFormat, CatalogTool, McpServerConfig, McpTool, McpToolListing, ServerSettings, ToolInput } from '@loadout/core';

/**
 * A catalog as the engine accepts it: JSON or JSONL text (a pasted catalog, a
 * dropped file's text; every format `parseCatalogText` reads, MCP snapshots
 * included), an array of tools, `{ tools, servers? }`, or an MCP snapshot
 * `{ mcpServers, tools: { <server>: <tools/list result or array> } }`, or
 * the bytes of a prebuilt index (`loadout index`): its catalog, with its
 * BM25F index used instead of building one.
 */
export type CatalogInput =
  | string
  | Uint8Array
  | readonly ToolInput[]
  | { readonly tools: readonly ToolInput[]; readonly servers?: Readonly<Record<string, ServerSettings>> }
  | {
      readonly mcpServers: Readonly<Record<string, McpServerConfig>>;
      readonly tools?: Readonly<Record<string, McpToolListing | readonly McpTool[]>>;
    };

/** Options of `loadCatalog`. */
export interface LoadCatalogOptions {
  /** Where the catalog came from (a file name); used in messages and issues. Default `catalog`. */
  source?: string;
  /** Text format. Default `auto` (JSONL when the first line is a whole object and more follow, else JSON). */
  format?: CatalogTextFormat;
  /** Throw the first bad tool as a `LoadoutError` instead of skipping it and listing it in `issues`. Default false. */
  strict?: boolean;
  /** Most tools accepted; more throws `catalog-too-large`. An integer from 1 to 1,000,000 (another throws `invalid-option`). Default 10,000. */
  maxTools?: number;
}

/** A loaded catalog, as `loadCatalog` returns it. JSON-safe, so it crosses to and from a worker. */
export interface LoadedCatalog {
  /**
   * Content hash of the validated catalog (tools in order and server
   * settings): the key of its persisted indexes and the tag of every search
   * result computed on it.
   */
  readonly hash: string;
  readonly tools: readonly CatalogTool[];
  readonly servers: Readonly<Record<string, ServerSettings>>;
  /** Tools and entries that were skipped, with coded reasons (`catalog-missing-name`, …). */
  readonly issues: readonly CatalogIssue[];
}
