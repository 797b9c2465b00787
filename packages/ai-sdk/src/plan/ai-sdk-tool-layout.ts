import type { CatalogTool, DeferralPlan, ToolSearchAnswer } from '@loadout/core';
import { objectInputSchema, searchFailureText } from '@loadout/core/adapter';
import type { ToolSearchKit } from '@loadout/core/adapter';

/** A tool as the AI SDK's `tool()` is given it: a description and a JSON Schema for its input. */
export interface AiSdkToolShape {
  readonly description?: string;
  readonly inputSchema: Record<string, unknown>;
}

/** What the search tool returns: the tools it loaded with their descriptions, or an error for the model. */
export type AiSdkSearchResult =
  | { readonly loaded: string[]; readonly tools: { readonly name: string; readonly description: string }[] }
  | { readonly loaded: []; readonly error: string | null };

/**
 * How the adapter lays the catalog out for the AI SDK, without the `ai`
 * package: the plan, which tools are upfront or deferred, and the search
 * tool's and every catalog tool's description and schema.
 * `createAiSdkToolSearch` wraps these in `tool()`; `planAiSdkRequest`
 * renders them as the AI SDK hands them to a provider.
 */
export interface AiSdkToolLayout {
  readonly kit: ToolSearchKit;
  readonly plan: DeferralPlan;
  /** Whether anything is deferred (then there is a search tool). */
  readonly on: boolean;
  /** API names only a search activates. */
  readonly deferred: ReadonlySet<string>;
  /** API names active from the first step on, in catalog order. */
  readonly upfront: readonly string[];
  /** The search tool's shape, or null when nothing is deferred. */
  readonly searchTool: AiSdkToolShape | null;
  /** A catalog tool's shape: the description after mods, an object schema. */
  toolShape(tool: CatalogTool): AiSdkToolShape;
  /** The search tool's result for the kernel's answer. */
  searchResult(answer: ToolSearchAnswer): AiSdkSearchResult;
}

/** Lays out `kit`'s catalog for the AI SDK (plans it once). */
export function createAiSdkToolLayout(kit: ToolSearchKit): AiSdkToolLayout {
  const plan = kit.plan();
  const deferred = new Set(plan.tools.filter((planned) => planned.deferred).map((planned) => planned.apiName));
  const upfront = plan.tools.filter((planned) => !planned.deferred).map((planned) => planned.apiName);
  const on = deferred.size > 0;
  const searchTool: AiSdkToolShape | null = on
    ? kit.searchTool
    : null;
  return {
    kit,
    plan,
    on,
    deferred,
    upfront,
    searchTool,
    toolShape(tool) {
      const description = kit.planned(tool.apiName)?.description ?? tool.description;
      return { ...(description === '' ? {} : { description }), inputSchema: objectInputSchema(tool) };
    },
    searchResult(answer) {
      const failure = searchFailureText(answer);
      if (failure !== null || !answer.ok) return { loaded: [], error: failure };
      return { loaded: answer.tools.map((found) => found.name), tools: answer.tools.map((found) => ({ name: found.name, description: found.description })) };
    },
  };
}
