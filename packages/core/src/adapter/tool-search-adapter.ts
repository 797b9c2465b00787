import type { ServerSettings } from '../catalog/catalog.js';
import type { ToolInput } from '../catalog/tool.js';
import type { DeclarativeMod, Mod } from '../mods/mod.js';
import type { DeferralPlan, ToolLoadingPlan } from '../plan/plan-types.js';
import type { PolicyInput } from '../policy/policy-types.js';
import type { Ranker } from '../ranking/ranker.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { RequestCost, SearchCost } from './request-cost.js';
import type { ToolSearchWarning } from './tool-search-warning.js';

/**
 * What every {@link ToolSearchAdapterDefinition.create} takes: the
 * provider-neutral options every adapter understands. An adapter maps them
 * onto its own factory's options.
 */
export interface ToolSearchAdapterOptions {
  /** The catalog's tools, unvalidated (invalid ones are skipped). */
  readonly tools: readonly ToolInput[];
  /** Server-level settings (`alwaysLoad`). Default: `{}`. */
  readonly servers?: Readonly<Record<string, ServerSettings>>;
  /** Declarative mods (defer, pin, rewrite descriptions). Default: none. */
  readonly mods?: readonly DeclarativeMod[];
  /** Answers searches; wrapped with the query syntax and indexed on the first search, so pass a fresh ranker. */
  readonly ranker: Ranker;
  /** The token counter and programmatic mods of the planner. Default: the adapter's (tiktoken) counter, no mods. */
  readonly planOptions?: { readonly tokenCounter?: TokenCounter; readonly mods?: readonly Mod[] };
  /** `false` sends every tool upfront and no search tool. Default true. */
  readonly toolSearch?: boolean;
  /**
   * The policy input of an adapter that decides with a provider's own
   * policy (Claude's: `model`, `env`, …); adapters without one ignore it.
   * Default: the adapter's (for Claude, `claude-sonnet-4-5` with no env).
   */
  readonly policy?: Omit<PolicyInput, 'tools' | 'servers'>;
  /** Told once, at creation, of each tool left out of the catalog (`tool-skipped`, with its catalog issue). Default: none. */
  readonly onWarning?: (warning: ToolSearchWarning) => void;
}

/** What a first request declares, in the same terms for every adapter. */
export interface ToolSearchAdapterRequest {
  /** The request's tools exactly as the adapter sends them (the provider's JSON: definitions, or groups of them such as Gemini's `functionDeclarations`). */
  readonly tools: readonly unknown[];
  /** `on` when the request carries a search tool and deferred tools. */
  readonly toolSearch: 'on' | 'off';
  /** API names callable in this request, in catalog order (the search tool not included). */
  readonly upfront: readonly string[];
  /** API names only a search loads, in catalog order. */
  readonly deferred: readonly string[];
  /** What `tools` cost ({@link RequestCost}); `definitions` counts each definition, grouped or not. */
  readonly tokens: RequestCost;
  /** The plan behind it: core's deferral plan, or a provider policy's loading plan. */
  readonly plan: DeferralPlan | ToolLoadingPlan;
}

/** One search call answered, in the same terms for every adapter. */
export interface ToolSearchAdapterAnswer {
  /** The answer as the provider's transcript carries it (a tool result, output item, function response, …). */
  readonly output: unknown;
  /** API names it loads, best first; empty when the search failed or found nothing. */
  readonly loaded: readonly string[];
  /** What the model reads when the search failed or found nothing (core's `searchFailureText`), else null. */
  readonly message: string | null;
}

/**
 * A provider adapter seen through one contract, version 1: what its first
 * request declares, how it recognises and answers a search call, what a
 * transcript has loaded, and what a request and a search cost. Made by
 * {@link ToolSearchAdapterDefinition.create} for one conversation. The
 * values the provider sees (`tools`, `output`, calls, transcripts) are the
 * provider's own JSON, typed `unknown` here; the adapter's package types
 * them.
 */
export interface ToolSearchAdapter {
  readonly specificationVersion: 'v1';
  /** The name the model calls search by. */
  readonly searchToolName: string;
  /** Plans this turn and returns what the first request declares. */
  request(): ToolSearchAdapterRequest;
  /** Whether a call the model made (an output item, content block or part) is a search this adapter answers. */
  isSearchCall(call: unknown): boolean;
  /** The call the model would make to search with these arguments (`{ query, limit? }`), under `callId`. */
  searchCall(input: unknown, callId: string): unknown;
  /** Answers a search call; never rejects (a bad query answers no tools and a `message`). Call {@link ToolSearchAdapter.request} first. */
  answer(call: unknown): Promise<ToolSearchAdapterAnswer>;
  /** The transcript entries (messages or items) one search exchange adds: the model's call, then the answer's output. */
  exchange(call: unknown, output: unknown): unknown[];
  /** API names the search answers in a transcript have loaded, in order of first load (a transcript without them loads nothing). */
  loaded(transcript: readonly unknown[]): string[];
  /** The description the model reads for a catalog tool (after mods), or undefined for a name not in the catalog. */
  describe(apiName: string): string | undefined;
  /** What an answer loading these tools (API names; unknown ones skipped) adds to the context, without searching. */
  searchCost(apiNames: readonly string[]): SearchCost;
}

/**
 * An adapter as the CLI (`loadout plan --adapter`) and the parity table
 * know it: a name, where it lives, how its requests search and load, and a
 * factory. A package exports one definition per way of talking to a
 * provider, from its `./adapter` entry; the CLI has every adapter package
 * among its dependencies, the one list outside the packages that names them.
 */
export interface ToolSearchAdapterDefinition {
  readonly specificationVersion: 'v1';
  /** Lower-case, `[a-z0-9-]`, unique; part of `plan --json`'s contract (`adapter.name`). */
  readonly name: string;
  /** The package and entry a user imports: the package's name, plus the entry when it is not the main one (`@loadout/<provider>/chat`). */
  readonly package: string;
  /** How the request offers search, e.g. `tool_search (execution: client)`. */
  readonly searchTool: string;
  /** Where the loaded definitions reach the model, e.g. `activeTools adds the definitions to the later steps`. */
  readonly loadedBy: string;
  /** Creates the adapter for one conversation. Throws `invalid-option` for a bad option, like the adapter's own factory. */
  create(options: ToolSearchAdapterOptions): ToolSearchAdapter;
}
