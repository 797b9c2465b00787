import type { ServerSettings } from '../catalog/catalog.js';
import type { ToolInput, ToolKind } from '../catalog/tool.js';
import type { DeclarativeMod, Mod } from '../mods/mod.js';
import type { PolicyWarning, ToolSearchDecision } from '../policy/policy-types.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { PlanCache } from './plan-cache.js';

/**
 * Why a tool sits where it does:
 * - `core`: a core built-in, always upfront;
 * - `always-load-server`: its server is `alwaysLoad`;
 * - `always-load-tool`: the tool is `alwaysLoad` (flag or `_meta`);
 * - `mod`: a mod set its deferral (see `decidedBy`);
 * - `deferrable`: deferred because tool search is on;
 * - `tool-search-off`: deferrable, but upfront because tool search is off.
 */
export type DeferralReason = 'core' | 'always-load-server' | 'always-load-tool' | 'mod' | 'deferrable' | 'tool-search-off';

/** One input tool in a {@link ToolLoadingPlan}. */
export interface PlannedTool {
  /** `mcp__<server>__<name>` for MCP tools with a server, else `name`; the name in the decision's lists. */
  readonly displayName: string;
  /** The Messages-API-safe name its definition is sent under. */
  readonly apiName: string;
  /** The tool's own name. */
  readonly name: string;
  readonly server: string | null;
  readonly kind: ToolKind;
  /** The description after mods. */
  readonly description: string;
  /** Tokens of its definition: the tool's own `tokens` when given, else counted. */
  readonly tokens: number;
  /** Sent with `defer_loading: true`; never true when tool search is off. */
  readonly deferred: boolean;
  /** Counted by `auto` (§5.3): not core, and deferred after mods when tool search is on. */
  readonly deferrable: boolean;
  readonly why: DeferralReason;
  /** The mod that moved the tool, when `why` is `mod`. */
  readonly decidedBy?: string;
}

/** Tokens and tools per server (built-ins grouped under {@link BUILTIN_SERVER_LABEL}). */
export interface ServerLoad {
  /** The server name, or {@link BUILTIN_SERVER_LABEL} for tools without a server. */
  readonly server: string;
  /** True for the group of tools without a server. */
  readonly builtIn: boolean;
  /** Number of tools. */
  readonly tools: number;
  /** Tokens of all their definitions. */
  readonly tokens: number;
  /** Number of those deferred (0 when tool search is off). */
  readonly deferredTools: number;
  /** Tokens of those deferred. */
  readonly deferredTokens: number;
}

/** The label of the {@link ServerLoad} that groups tools without a server. */
export const BUILTIN_SERVER_LABEL = '(built-in)';

/**
 * The input of {@link planDeferral}: a catalog and its mods, with no model,
 * provider or environment. Every field is optional.
 */
export interface DeferralInput {
  /** The tools, unvalidated (invalid ones are skipped with warning `invalid-tool`). Default: none. */
  readonly tools?: readonly ToolInput[];
  /** Server-level settings by server name (`alwaysLoad: true` keeps a server's tools upfront). Default: none. */
  readonly servers?: Readonly<Record<string, ServerSettings>>;
  /** Declarative mods, applied in order before `PlanOptions.mods`; the last one that matches a tool decides. Default: none. */
  readonly mods?: readonly DeclarativeMod[];
  /**
   * Whether deferrable tools are deferred: `true` (default), `false` (every
   * tool upfront), or a function of the deferrable tokens (after mods) that
   * answers it, for an adapter with its own threshold.
   */
  readonly toolSearch?: boolean | ((deferrableTokens: number) => boolean);
}

/**
 * The output of {@link planDeferral}: where every tool goes and what it
 * costs. Provider-neutral; names are display names (`mcp__<server>__<name>`
 * for MCP tools), and each {@link PlannedTool} also carries its own `name`
 * and the API-safe `apiName`.
 */
export interface DeferralPlan {
  /** Whether deferrable tools were deferred. */
  readonly toolSearch: 'on' | 'off';
  /** Every valid input tool, in input order, with its description after mods, tokens and placement. */
  readonly tools: readonly PlannedTool[];
  /** Sorted by tokens, largest first (ties by name). */
  readonly servers: readonly ServerLoad[];
  /** Display names listed upfront, in input order. */
  readonly upfront: readonly string[];
  /** Display names deferred, in input order; empty when tool search is off. With `upfront`, every tool exactly once. */
  readonly deferred: readonly string[];
  /** Tokens of every definition loaded upfront (core tools included; the search tool not). */
  readonly upfrontTokens: number;
  /** Tokens of every deferred definition (0 when tool search is off). */
  readonly deferredTokens: number;
  /** Tokens of every deferrable definition after mods, whatever `toolSearch` is. */
  readonly deferrableTokens: number;
  /** Skipped tools, failed or ignored mods, malformed declarative mods. */
  readonly warnings: readonly PolicyWarning[];
}

/**
 * The output of {@link planToolLoading}: Claude's decision and where every
 * tool goes (a {@link DeferralPlan} whose `toolSearch` is the decision's).
 */
export interface ToolLoadingPlan extends DeferralPlan {
  readonly decision: ToolSearchDecision;
}

/** Options of {@link planDeferral}, {@link planToolLoading} and {@link decideToolSearch}. */
export interface PlanOptions {
  /**
   * Counts definitions that carry no `tokens`. Default: a shared, cached
   * {@link createApproximateTokenCounter}. Wrap a real counter in
   * {@link createCachedTokenCounter} and reuse it to count each definition once.
   */
  tokenCounter?: TokenCounter;
  /** Programmatic mods, applied after (outside) the input's declarative mods. Default: none. */
  mods?: readonly Mod[];
  /**
   * Reuse the validated catalog and definition counts of earlier calls with
   * the same tool objects (see {@link PlanCache}). Default: none (every call
   * validates and renders afresh; counts are still cached by content when
   * the counter is a cached one).
   */
  cache?: PlanCache;
}
