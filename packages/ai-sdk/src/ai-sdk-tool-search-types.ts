import type { Catalog, CatalogTool, DeferralPlan } from '@loadout/core';
import type { ToolSearchKitOptions } from '@loadout/core/adapter';
import type { ModelMessage, ToolSet } from 'ai';

/** One call of a catalog tool, handed to {@link AiSdkToolSearchOptions.execute}. */
export interface CatalogToolCall {
  /** The tool's API name (its key in `tools`). */
  readonly name: string;
  readonly arguments: unknown;
  readonly callId: string;
  readonly tool: CatalogTool;
}

/** Options of {@link createAiSdkToolSearch}: the kit's (catalog, ranker, mods, limits) plus how catalog tools run. */
export interface AiSdkToolSearchOptions extends ToolSearchKitOptions {
  /** Runs a catalog tool the model called; its result is the tool's output. Required. */
  readonly execute: (call: CatalogToolCall) => unknown;
}

/** Tool search for the Vercel AI SDK; see {@link createAiSdkToolSearch}. */
export interface AiSdkToolSearch {
  /** Pass as `generateText({ tools })`: the search tool (when tool search is on) and every catalog tool, keyed by API name. */
  readonly tools: ToolSet;
  /** Pass as `generateText({ prepareStep })`: sets `activeTools` to the search tool, the upfront tools and those found so far. */
  readonly prepareStep: (options: { readonly messages: readonly ModelMessage[] }) => { activeTools: string[] };
  /** The active tool names for a conversation (what `prepareStep` answers); also for `generateText({ activeTools })` on the first step. */
  activeTools(messages?: readonly ModelMessage[]): string[];
  /** Tools loaded by searches in the conversation last seen, in load order. */
  loaded(): string[];
  readonly catalog: Catalog;
  readonly summary: string;
  readonly searchToolName: string;
  /** The deferral plan ({@link planDeferral}) the tools were laid out by. */
  readonly plan: DeferralPlan;
}
