import type { ToolSearchWarning } from '@loadout/core/adapter';
import type {
  Catalog,
  ConversationPolicyOptions,
  PolicyInput,
  QuerySyntaxOptions,
  Ranker,
  ServerSettings,
  ToolInput,
  UsageEvent,
} from '@loadout/core';

/**
 * Who answers searches:
 * - `client`: a custom search tool that this package answers with a Loadout ranker
 *   (`tool_result` blocks holding `tool_reference` blocks);
 * - `server-bm25` / `server-regex`: the API's own `tool_search_tool_bm25_20251119` /
 *   `tool_search_tool_regex_20251119`; its `tool_search_tool_result` blocks pass through untouched.
 */
export type ToolSearchMode = 'client' | 'server-bm25' | 'server-regex';

/** Every {@link ToolSearchMode}, for validation. */
export const TOOL_SEARCH_MODES: readonly ToolSearchMode[] = ['client', 'server-bm25', 'server-regex'];

/**
 * The policy input of every turn, without the tools (they come from the
 * catalog): `model` (required), `provider`, `env`, `sdkVersion`, `hipaa`,
 * `managedSettings`, `contextWindow`, declarative `mods`, `conversation`.
 */
export type ToolSearchPolicyInput = Omit<PolicyInput, 'tools' | 'servers'>;

/** Options of {@link createToolSearch}. Give exactly one of `catalog` and `tools`. */
export interface CreateToolSearchOptions {
  /** The tools, validated. Their `apiName`s are the names sent to the API. */
  readonly catalog?: Catalog;
  /** Unvalidated tools, made into a catalog (invalid ones are skipped and listed in `catalog.issues`). */
  readonly tools?: readonly ToolInput[];
  /** Server-level settings (`alwaysLoad`) when `tools` is given. Default: `{}`. */
  readonly servers?: Readonly<Record<string, ServerSettings>>;
  /**
   * Answers client-side searches; required in `client` mode, unused otherwise.
   * It is wrapped with core's `withQuerySyntax` (`select:`, `+term`, exact
   * names first) and indexed with the catalog's tools on the first search, so
   * pass a fresh, unindexed ranker.
   */
  readonly ranker?: Ranker;
  /** The policy input of every turn (see {@link ToolSearchPolicyInput}); `model` is required. */
  readonly policy: ToolSearchPolicyInput;
  /**
   * Token counter, programmatic mods and plan cache of the planner.
   * Default: `@loadout/tokens`' shared tiktoken counter, no mods,
   * and a plan cache shared by the turns.
   */
  readonly planOptions?: ConversationPolicyOptions;
  /** Default `client`. */
  readonly mode?: ToolSearchMode;
  /** Name of the client-side search tool: API-safe (`^[a-zA-Z0-9_-]{1,64}$`). A catalog tool sent under the search tool's name (this one, or the API's in the server modes) is left out, listed in `catalog.issues` and told to `onWarning`. Default `search_tools`. */
  readonly searchToolName?: string;
  /** Tools one client-side search loads when the model gives no `limit`. An integer 1–100; default 5. */
  readonly limit?: number;
  /** Most tools the model may ask one search for; larger `limit`s are lowered to it. An integer from `limit` to 100; default 10 (or `limit` when larger). */
  readonly maxLimit?: number;
  /**
   * The beta sent with requests that use tool search, or `null` to send none
   * (a deployment where the feature is generally available). Default
   * `advanced-tool-use-2025-11-20`.
   */
  readonly beta?: string | null;
  /** Options of the query syntax wrapper. Default: its defaults (500 characters, exact names first). */
  readonly querySyntax?: QuerySyntaxOptions;
  /**
   * Opt-in usage recording: called with a positive event `{ query, called:
   * [displayName], at }` (the search's query, the tool's display name, the
   * time in ms) each time a tool one of this object's recent client-side
   * searches found (answered by {@link ToolSearch.answer}, also within
   * `createMessagesClient`) is run: `createMessagesClient` counts each
   * `tool_result` you send back for it (not marked `is_error`) as its run; in a loop of your own,
   * report runs with {@link ToolSearch.called}. Searches the API answers (`server-bm25`,
   * `server-regex`) are not seen, so they record nothing. Each search and
   * tool count once, `select:` queries never (core's `createUsageTracker`:
   * the newest 20 searches). It must not block; e.g.
   * `createFeedbackRecorder(store).record` of `@loadout/learn/feedback`. What
   * it throws is ignored. Default: none (nothing is recorded).
   */
  readonly recordUsage?: (event: UsageEvent) => void;
  /**
   * Told once, at creation, of each tool left out of the catalog
   * (`tool-skipped`, with its catalog issue: no name, a duplicate, a bad
   * schema, the search tool's name). Default: none (the issues stay in
   * `catalog.issues`).
   */
  readonly onWarning?: (warning: ToolSearchWarning) => void;
}
