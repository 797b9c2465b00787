import type { Catalog, CatalogTool, DeferralPlan } from '@loadout/core';
import type { ToolErrorOptions, ToolSearchKitOptions } from '@loadout/core/adapter';
import type { ModelMessage, ToolSet } from 'ai';

/** One call of a catalog tool, handed to {@link AiSdkToolSearchOptions.execute}. */
export interface CatalogToolCall {
  /** The tool's API name (its key in `tools`, `mcp__weather__get_weather`); `tool.name` is its own (`get_weather`). */
  readonly name: string;
  /** The arguments the model sent: always a JSON object (anything else is answered `invalid-input` without `execute`). */
  readonly arguments: Record<string, unknown>;
  readonly callId: string;
  readonly tool: CatalogTool;
}

/** Options of {@link createAiSdkToolSearch}: the kit's (catalog, ranker, mods, limits) plus how catalog tools run. */
export interface AiSdkToolSearchOptions extends ToolSearchKitOptions, ToolErrorOptions {
  /**
   * Runs a catalog tool the model called; its result is the tool's output.
   * `name` is the API name (`mcp__weather__get_weather`): key your handlers
   * by `tool.name` (`get_weather`). What it throws (or rejects with)
   * becomes the output `{ error: "<name> failed: <message>", code:
   * "tool-failed" }`, which the model sees, with what looks like a
   * credential masked (or `toolErrorMessage`'s text), and `onWarning` gets
   * a `tool-failed` warning with the full error. Required.
   */
  readonly execute: (call: CatalogToolCall) => unknown;
  /**
   * Opt-in usage recording: called with a positive event `{ query, called:
   * [displayName], at }` (the search's query, the tool's display name, the
   * time in ms) each time `execute` is about to run a catalog tool that one
   * of this object's recent searches found. A call refused as
   * `tool-not-loaded` (or by the AI SDK as unavailable) and the search tool
   * itself record nothing; each search and tool count once, `select:`
   * queries never (core's `createUsageTracker`: the newest 20 searches).
   * One tracker per object: concurrent conversations sharing the object
   * share the newest 20 searches, so a call may be credited to another
   * conversation's search of the same tool; give each conversation its own
   * object when that matters.
   * It must not block; e.g. `createFeedbackRecorder(store).record` of
   * `@loadout/learn/feedback`. What it throws is ignored. Default: none
   * (nothing is recorded).
   */
  readonly recordUsage?: ToolSearchKitOptions['recordUsage'];
}

/** Tool search for the Vercel AI SDK; see {@link createAiSdkToolSearch}. */
export interface AiSdkToolSearch {
  /** Pass as `generateText({ tools })`: the search tool (when tool search is on) and every catalog tool, keyed by API name. */
  readonly tools: ToolSet;
  /** Pass as `generateText({ prepareStep })`: sets `activeTools` to the search tool, the upfront tools and those found so far. */
  readonly prepareStep: (options: { readonly messages: readonly ModelMessage[] }) => { activeTools: string[] };
  /** The active tool names for a conversation (what `prepareStep` answers); also for `generateText({ activeTools })` on the first step. */
  activeTools(messages?: readonly ModelMessage[]): string[];
  /**
   * Tools loaded by searches in the conversation this object saw last (in
   * `prepareStep`, `activeTools` or a tool call), in load order. With
   * concurrent conversations that is any of them: read one conversation's
   * with `activeTools(messages)` or `messageDiscoveries(messages, searchToolName)`.
   */
  loaded(): string[];
  readonly catalog: Catalog;
  readonly summary: string;
  readonly searchToolName: string;
  /** The deferral plan ({@link planDeferral}) the tools were laid out by. */
  readonly plan: DeferralPlan;
}
