import type { CatalogTool } from '../catalog/tool.js';
import type { LoadoutErrorCode } from '../errors/error-codes.js';
import type { MaybePromise, Ranker } from '../ranking/ranker.js';

/** How a search tool treats a `limit` above its `maxLimit`. */
export type OverLimit = 'lower' | 'reject';

/**
 * What {@link answerToolSearch} needs to answer one call of a search tool.
 * Every adapter builds one (or one per call) and renders the answer in its
 * own protocol.
 */
export interface ToolSearchContext {
  /**
   * The ranker, with the query syntax its definition asks for already
   * applied (see `RankerDefinition.queryKind`), indexed by the time `ready`
   * resolves.
   */
  readonly ranker: Ranker;
  /** Resolves once `ranker` has indexed the tools; awaited before every search. Default: nothing to wait for. */
  readonly ready?: () => MaybePromise<void>;
  /** Results when the call gives no `limit`. An integer 1–100; default 5. */
  readonly limit?: number;
  /** Largest `limit` a call may ask for. An integer from `limit` to 100; default 100. */
  readonly maxLimit?: number;
  /** A `limit` above `maxLimit` is lowered to it (`lower`, default) or an argument error (`reject`). */
  readonly overLimit?: OverLimit;
  /** The search tool's name, for argument errors. Default `search_tools`. */
  readonly toolName?: string;
  /** Only tools for which this returns true are returned (e.g. the tools this request defers). Default: all. */
  readonly filter?: (tool: CatalogTool) => boolean;
  /** Whether a found tool can be called right now (its server is connected). Default: always true. */
  readonly available?: (tool: CatalogTool) => boolean;
}

/** One tool a search found, in provider-neutral form. */
export interface FoundTool {
  /** The catalog tool itself. */
  readonly tool: CatalogTool;
  /** The API-safe name the tool is sent and called under (`tool.apiName`). */
  readonly name: string;
  /** `mcp__<server>__<name>` for MCP tools, else the tool's own name. */
  readonly displayName: string;
  readonly server: string | null;
  /** The catalog description (mods that rewrite descriptions apply at planning, not here). */
  readonly description: string;
  /** The tool's JSON Schema for its arguments. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** False while the tool cannot be called (see {@link ToolSearchContext.available}). */
  readonly available: boolean;
  /** The ranker's score; higher is better, comparable only within one answer. */
  readonly score: number;
}

/** A search that ran: the best tools first, at most `limit` (a `select:` query returns every tool it names). */
export interface ToolSearchFound {
  readonly ok: true;
  readonly query: string;
  readonly limit: number;
  readonly tools: readonly FoundTool[];
}

/**
 * A search that did not run or failed:
 * - `stage: 'arguments'`: the call's arguments are malformed (not an object,
 *   `query` not a string, bad `limit`); code `invalid-input`. Protocols with
 *   argument validation (MCP's -32602) report it there.
 * - `stage: 'search'`: the query was rejected (`query-empty`,
 *   `query-too-long`, `unknown-tool`, `pattern-invalid`, …) or the ranker
 *   failed (`ranker-failed`); the model can fix the query and retry.
 */
export interface ToolSearchFailure {
  readonly ok: false;
  readonly stage: 'arguments' | 'search';
  readonly code: LoadoutErrorCode;
  /** For the model: names the bad argument or value; never a stack trace. */
  readonly message: string;
  /** The query, when it was a string. */
  readonly query?: string;
}

/** The provider-neutral answer of one search-tool call. */
export type ToolSearchAnswer = ToolSearchFound | ToolSearchFailure;
