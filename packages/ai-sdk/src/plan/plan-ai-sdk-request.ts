import { countRequestTools, createToolSearchKit, searchCost } from '@loadout/core/adapter';
import type { RequestCost, SearchCost, ToolSearchKitOptions } from '@loadout/core/adapter';
import type { DeferralPlan, TokenCounter } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import { createAiSdkToolLayout } from './ai-sdk-tool-layout.js';
import type { AiSdkToolLayout } from './ai-sdk-tool-layout.js';

/** A tool as the AI SDK hands it to a provider's model (`LanguageModelV3FunctionTool`, without provider options). */
export interface AiSdkStepTool {
  readonly type: 'function';
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: Record<string, unknown>;
}

/** What the first step of `createAiSdkToolSearch`'s tools sends a provider, and what a search costs; see {@link planAiSdkRequest}. */
export interface AiSdkRequestPlan {
  /** The first step's tools as the model receives them: the search tool, then the upfront tools, in `tools` order. */
  readonly tools: AiSdkStepTool[];
  /** The first step's `activeTools`. */
  readonly activeTools: string[];
  readonly toolSearch: 'on' | 'off';
  readonly plan: DeferralPlan;
  /** What the first step's tools cost ({@link RequestCost}); `deferred` is the inactive tools' definitions. */
  readonly tokens: RequestCost;
  /** What a search activating these tools (API names; unknown ones skipped) adds: their definitions in later steps plus the search tool's JSON result. */
  searchCost(apiNames: readonly string[]): SearchCost;
}

/** The AI SDK's rendering of a layout's tools for a step (what `prepareTools` passes the provider). */
export function aiSdkStepTools(layout: AiSdkToolLayout, names: readonly string[]): AiSdkStepTool[] {
  const tools: AiSdkStepTool[] = [];
  const wanted = new Set(names);
  if (layout.searchTool !== null && wanted.has(layout.kit.searchToolName)) tools.push({ type: 'function', name: layout.kit.searchToolName, ...layout.searchTool });
  for (const tool of layout.kit.catalog.tools) if (wanted.has(tool.apiName)) tools.push({ type: 'function', name: tool.apiName, ...layout.toolShape(tool) });
  return tools;
}

/**
 * The first step `createAiSdkToolSearch` with the same options would send,
 * without the `ai` package (so `loadout plan --adapter ai-sdk` needs no AI
 * SDK): the tools in the form the AI SDK passes a provider
 * (`{type: "function", name, description, inputSchema}`), their cost, and
 * what a search costs. Throws `invalid-option` like `createAiSdkToolSearch`.
 */
export function planAiSdkRequest(options: ToolSearchKitOptions): AiSdkRequestPlan {
  const tokenCounter = options?.planOptions?.tokenCounter ?? defaultTokenCounter();
  const kit = createToolSearchKit('planAiSdkRequest', { ...options, planOptions: { ...options?.planOptions, tokenCounter } });
  return layoutRequest(createAiSdkToolLayout(kit), tokenCounter);
}

/** {@link planAiSdkRequest} of a layout: its first step, counted with `tokenCounter`. */
export function layoutRequest(layout: AiSdkToolLayout, tokenCounter: TokenCounter): AiSdkRequestPlan {
  const { kit } = layout;
  const activeTools = layout.on ? [kit.searchToolName, ...layout.upfront] : [...layout.upfront];
  const tools = aiSdkStepTools(layout, activeTools);
  return {
    tools,
    activeTools,
    toolSearch: layout.on ? 'on' : 'off',
    plan: layout.plan,
    tokens: countRequestTools(tools, tokenCounter, aiSdkStepTools(layout, [...layout.deferred])),
    searchCost(apiNames) {
      const known = apiNames.filter((name) => kit.catalog.byApiName.has(name));
      const loaded = aiSdkStepTools(layout, known);
      const result = { loaded: loaded.map((tool) => tool.name), tools: loaded.map((tool) => ({ name: tool.name, description: tool.description ?? '' })) };
      return searchCost(loaded, [result], tokenCounter);
    },
  };
}
