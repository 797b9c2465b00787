import type { CatalogTool } from '../catalog/tool.js';

/** What a `tool.describe` hook sees: one tool as the engine is about to render it. */
export interface ToolDescribeEvent {
  readonly tool: CatalogTool;
  /** The description as it stands (the tool's own, or rewritten by an earlier layer). */
  readonly description: string;
  /** Whether the tool is deferred at this layer (core: never; `alwaysLoad`: false; otherwise true). */
  readonly isDeferred: boolean;
  /** The tool's provider: its server name, or `builtin` / `core` for built-ins without one. */
  readonly provider: string;
}

/** A hook's answer. Omitting `isDeferred` keeps the choice from beneath. */
export interface ToolDescribeResult {
  readonly description: string;
  readonly isDeferred?: boolean;
}

/** Asks the mods beneath this one (ultimately the tool's own answer). May pass a changed event. */
export type ToolDescribeNext = (event?: ToolDescribeEvent) => ToolDescribeResult;

/**
 * The `tool.describe` middleware. Synchronous: it runs while a prompt is
 * rendered. It should be a pure function of the event; answers are cached
 * per session, so an unstable answer is not seen until the cache is invalidated.
 */
export type ToolDescribeHook = (event: ToolDescribeEvent, next: ToolDescribeNext) => ToolDescribeResult;

/** The hook names a mod may declare; checked at registration. */
export const MOD_HOOK_NAMES = ['tool.describe'] as const;

/** A hook name from {@link MOD_HOOK_NAMES}. */
export type ModHookName = (typeof MOD_HOOK_NAMES)[number];

/**
 * A plugin mod: a plain object with a name and optional hooks. Mods run in
 * order; the last one registered is the outermost layer, so its answer wins.
 * A mod cannot move a core built-in (its `isDeferred` is ignored for `core` tools).
 */
export interface Mod {
  /** Unique, non-empty; used in reports and traces. */
  readonly name: string;
  readonly hooks: { readonly 'tool.describe'?: ToolDescribeHook };
}

/**
 * A declarative rule: sugar over `tool.describe`. Matches when `server`
 * (exact) and `tool` (glob over the tool's own name: `*` any run, `?` one
 * character) both match; omitted fields match everything.
 */
export interface ModRule {
  readonly server?: string;
  readonly tool?: string;
  /** `true` defers, `false` loads upfront; omitted keeps the choice from beneath. */
  readonly isDeferred?: boolean;
  /** Replaces the description when present. */
  readonly description?: string;
}

/** A declarative mod as it appears in JSON (`policy` input, config files). The last matching rule decides. */
export interface DeclarativeMod {
  readonly plugin: string;
  readonly rules: readonly ModRule[];
}

/** A mod that threw; it was skipped and the tool kept the answer from beneath it. */
export interface ModFailure {
  readonly mod: string;
  readonly tool: string;
  readonly message: string;
}

/** What the planner asks: the final description and deferral of each tool (`createModResolver` composes mods into one). */
export interface ToolResolver {
  resolve(tool: CatalogTool, base: ToolDescribeEvent): ResolvedTool;
}

/** One tool after mods ran. */
export interface ResolvedTool {
  readonly description: string;
  readonly isDeferred: boolean;
  /** The mod whose answer moved the tool (set `isDeferred`), if any. */
  readonly decidedBy?: string;
  readonly failures: readonly ModFailure[];
  /** Mods that tried to move a core built-in; their `isDeferred` was ignored. */
  readonly ignoredCore: readonly string[];
}
