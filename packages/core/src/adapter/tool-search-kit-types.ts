import type { Catalog, ServerSettings } from '../catalog/catalog.js';
import type { ToolInput } from '../catalog/tool.js';
import type { DeclarativeMod } from '../mods/mod.js';
import type { DeferralInput, DeferralPlan, PlannedTool, PlanOptions } from '../plan/plan-types.js';
import type { Ranker } from '../ranking/ranker.js';
import type { QuerySyntaxOptions } from '../ranking/with-query-syntax.js';
import type { ToolSearchAnswer } from '../search/tool-search-answer.js';
import type { SearchToolInputSchema } from './search-tool-definition.js';
import type { UsageEvent } from '../usage/usage-event.js';
import type { ToolSearchWarning } from './tool-search-warning.js';

/** What a {@link ToolSearchKitOptions.planner} plans: the catalog's tools and server settings. */
export interface KitPlannerInput {
  readonly tools: readonly ToolInput[];
  readonly servers: Readonly<Record<string, ServerSettings>>;
}

/** Options of {@link ToolSearchKit.plan}. */
export interface KitPlanOptions {
  /** Plan with tool search off (a deployment that rejects it): nothing is deferred, and searches find nothing until the next plan. Default false. */
  readonly disabled?: boolean;
  /** Where the request goes (a base URL), for a `planner` whose policy depends on it; `planDeferral` ignores it. Default: none. */
  readonly baseURL?: string;
}

/**
 * Options of {@link createToolSearchKit}: what every provider adapter is
 * configured with. Give exactly one of `catalog` and `tools`. `P` is the
 * plan a `planner` returns (core's {@link DeferralPlan} by default).
 */
export interface ToolSearchKitOptions<P extends DeferralPlan = DeferralPlan> {
  /** The tools, validated. Their `apiName`s are the names sent to the provider. */
  readonly catalog?: Catalog;
  /** Unvalidated tools, made into a catalog (invalid ones are skipped and listed in `catalog.issues`). */
  readonly tools?: readonly ToolInput[];
  /** Server-level settings (`alwaysLoad`) when `tools` is given. Default: `{}`. */
  readonly servers?: Readonly<Record<string, ServerSettings>>;
  /**
   * Answers searches. It is wrapped with {@link withQuerySyntax} (`select:`,
   * `+term`, exact names first) and indexed with the catalog's tools on the
   * first search, so pass a fresh, unindexed ranker.
   */
  readonly ranker: Ranker;
  /** Declarative mods (defer, pin, rewrite descriptions), applied in order before `planOptions.mods`. Default: none. */
  readonly mods?: readonly DeclarativeMod[];
  /** Token counter, programmatic mods and plan cache of {@link planDeferral}. Default: core's approximate counter and a plan cache shared by the turns. */
  readonly planOptions?: PlanOptions;
  /** Whether deferrable tools are deferred: `true` (default), `false`, or a function of the deferrable tokens (a threshold of the adapter's own). */
  readonly toolSearch?: DeferralInput['toolSearch'];
  /** Name of the search tool: API-safe (`^[a-zA-Z0-9_-]{1,64}$`). A catalog tool sent under the same name is left out (listed in `catalog.issues` and told to `onWarning`). Default `search_tools`. */
  readonly searchToolName?: string;
  /**
   * Told once, when the adapter is created, of each tool left out of the
   * catalog (`tool-skipped`, with the catalog issue: no name, a duplicate, a
   * bad schema, the search tool's name); adapters with a function limit
   * also tell it of loaded tools unloaded to stay within it
   * (`tools-unloaded`), and adapters that run tool handlers of each
   * handler that threw (`tool-failed`, with the full error). A function;
   * default: none (the issues stay in `catalog.issues`).
   */
  readonly onWarning?: (warning: ToolSearchWarning) => void;
  /** Tools one search returns when the model gives no `limit`. An integer 1–100; default 5. */
  readonly limit?: number;
  /** Most tools the model may ask one search for; larger `limit`s are lowered to it. An integer from `limit` to 100; default 10 (or `limit` when larger). */
  readonly maxLimit?: number;
  /** Options of the query syntax wrapper. Default: its defaults (500 characters, exact names first). */
  readonly querySyntax?: QuerySyntaxOptions;
  /**
   * Opt-in usage recording: called with a positive event (the search's
   * query, the tool's display name, the time) each time the adapter runs a
   * tool that one of its recent searches found ({@link ToolSearchKit.called};
   * the rule is `createUsageTracker`'s: the newest 20 searches, each search
   * and tool once, `select:` queries ignored). One tracker per adapter, so
   * give each concurrent conversation its own adapter when attribution
   * matters. It must not block; e.g. `createFeedbackRecorder(store).record`
   * of `@loadout/learn/feedback`. What it throws, or the promise it returns
   * rejects with, is ignored. Default: none.
   */
  readonly recordUsage?: (event: UsageEvent) => void;
  /**
   * Plans each turn instead of {@link planDeferral}, for a provider whose
   * service decides with a policy of its own (Claude's `ENABLE_TOOL_SEARCH`,
   * model and context window: `createConversationPolicy(...).plan` of the
   * catalog's tools). Called by {@link ToolSearchKit.plan} with the
   * catalog's tools and servers and that call's options; `mods`,
   * `planOptions` and `toolSearch` are then the planner's to apply (the kit
   * ignores them). Searches go over the tools its last plan deferred, none
   * when that plan was `disabled`. A function; default: {@link planDeferral}
   * with `mods`, `planOptions` and `toolSearch` (`false` when `disabled`).
   */
  readonly planner?: (input: KitPlannerInput, options: KitPlanOptions) => P;
}

/** Options of {@link ToolSearchKit.search}. */
export interface KitSearchOptions {
  /** API names the search must not return (e.g. tools already loaded). Default: none. */
  readonly exclude?: (apiName: string) => boolean;
  /** The name the model called the search by, for messages about its arguments (the Responses API's `tool_search`). Default: the kit's `searchToolName`. */
  readonly toolName?: string;
}

/**
 * The provider-neutral part of a tool-search adapter, built on the two
 * kernels ({@link planDeferral} and {@link answerToolSearch}): an adapter
 * renders `plan()` as its request's tools and `search()` as its answer.
 */
export interface ToolSearchKit<P extends DeferralPlan = DeferralPlan> {
  readonly catalog: Catalog;
  /** A sentence naming what can be searched ("You can search for tools to interact with Slack and GitHub."); empty when nothing is deferrable. */
  readonly summary: string;
  readonly searchToolName: string;
  readonly limit: number;
  readonly maxLimit: number;
  /** Longest query, in code points. */
  readonly maxQueryLength: number;
  /** The search tool's description and `{ query, limit }` schema ({@link searchToolDescription}, {@link searchToolInputSchema}) for this catalog and these limits. */
  readonly searchTool: { readonly description: string; readonly inputSchema: SearchToolInputSchema };
  /** Plans the catalog (`planner`, default {@link planDeferral}); `disabled` plans with tool search off (every tool upfront). */
  plan(options?: KitPlanOptions): P;
  /** The planned tool (description after mods, placement) sent under `apiName` in the last plan. */
  planned(apiName: string): PlannedTool | undefined;
  /**
   * Answers one search call with {@link answerToolSearch}, over the tools
   * the last plan deferred (minus `exclude`); each found tool's
   * `description` is the one after mods. Never rejects.
   */
  search(input: unknown, options?: KitSearchOptions): Promise<ToolSearchAnswer>;
  /**
   * The adapter ran the tool sent as `apiName` (a model's call of it): with
   * `recordUsage`, the positive of the recent search that found it is
   * recorded. Does nothing without `recordUsage`, for a tool no recent
   * search found, or for a name not in the catalog. Never throws.
   */
  called(apiName: string): void;
  /** Forgets the last plan and, with `recordUsage`, the recent searches (a new conversation). */
  reset(): void;
}
