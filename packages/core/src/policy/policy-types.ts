import type { ToolInput } from '../catalog/tool.js';
import type { ServerSettings } from '../catalog/catalog.js';
import type { DeclarativeMod } from '../mods/mod.js';

/** Where the model is served. */
export type Provider = 'anthropic' | 'agent-platform' | 'bedrock' | 'foundry';

/** Every provider value, for validation. */
export const PROVIDERS: readonly Provider[] = ['anthropic', 'agent-platform', 'bedrock', 'foundry'];

/**
 * The input of {@link decideToolSearch}: the policy contract's input object.
 * Only `model` is required.
 */
export interface PolicyInput {
  /** Model id in any provider's form (`claude-sonnet-4-5-20250929`, `claude-opus-4-5@20251101`, `us.anthropic.claude-…-v1:0`, `…[1m]`). */
  model: string;
  /** Default: `anthropic` (the first-party API, or a gateway when `ANTHROPIC_BASE_URL` names another host). */
  provider?: Provider;
  /** Environment variables the SDK would read (`ENABLE_TOOL_SEARCH`, `CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS`, `ANTHROPIC_BASE_URL`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Reproduce this SDK version's behaviour (`MAJOR.MINOR.PATCH`). Default: the newest. */
  sdkVersion?: string;
  /** Organisation managed settings. */
  managedSettings?: { keepToolSearchOn?: boolean };
  /** The session carries a HIPAA configuration. Default: false. */
  hipaa?: boolean;
  /** Context window in tokens, a positive number up to 2^53 − 1. Default: the model's own (200,000; 1,000,000 for `[1m]` ids). */
  contextWindow?: number;
  /** Conversation state; `toolSearchActivated` makes `auto` sticky. */
  conversation?: { toolSearchActivated?: boolean };
  /** Server-level settings by server name. */
  servers?: Readonly<Record<string, ServerSettings>>;
  tools?: readonly ToolInput[];
  /** Declarative mods, applied in order; the last one that matches a tool decides. */
  mods?: readonly DeclarativeMod[];
}

/** Why tool search is on or off; a public contract (see `policy-contract.md`). */
export type ReasonCode =
  | 'hipaa'
  | 'provider-rejects'
  | 'model-unsupported'
  | 'platform-model-unsupported'
  | 'betas-disabled'
  | 'env-false'
  | 'platform-legacy-default-off'
  | 'gateway-legacy-default-off'
  | 'default-on'
  | 'env-true'
  | 'auto-threshold-reached'
  | 'auto-sticky'
  | 'auto-below-threshold';

/**
 * Warning codes; a public contract:
 * - `invalid-env`: `ENABLE_TOOL_SEARCH` not recognised (read as unset);
 * - `unknown-model`: model id not recognised (treated as supported);
 * - `mod-ignored-core`: a mod tried to move a core built-in (ignored);
 * - `mod-failed`: a mod threw for a tool (skipped for that tool);
 * - `invalid-mod`: a declarative mod is malformed or its name repeats (skipped; where a mod is
 *   refused rather than skipped, by `modFromRules` or the CLI's config, the error code is `mod-invalid`);
 * - `invalid-sdk-version`: `sdkVersion` is not `MAJOR.MINOR.PATCH` (newest behaviour);
 * - `invalid-base-url`: `ANTHROPIC_BASE_URL` does not parse (treated as a gateway);
 * - `managed-override-ignored`: `keepToolSearchOn` cannot apply (SDK too old, or a cloud provider);
 * - `invalid-tool`: a tool was malformed or duplicated a name (skipped, not listed);
 * - `invalid-server`: a server's settings are malformed (read as `{}`);
 * - `invalid-provider`: `provider` is not a known value (read as `anthropic`);
 * - `invalid-context-window`: `contextWindow` is not a positive number up to 2^53 − 1 (the model's own is used);
 * - `too-many-tools`: more tools than one catalog may hold (10,000); planned anyway.
 */
export type WarningCode =
  | 'invalid-env'
  | 'unknown-model'
  | 'mod-ignored-core'
  | 'mod-failed'
  | 'invalid-sdk-version'
  | 'invalid-base-url'
  | 'managed-override-ignored'
  | 'invalid-tool'
  | 'invalid-mod'
  | 'invalid-server'
  | 'invalid-provider'
  | 'invalid-context-window'
  | 'too-many-tools';

/** A configuration problem that did not stop the decision. */
export interface PolicyWarning {
  readonly code: WarningCode;
  readonly message: string;
}

/** How `ENABLE_TOOL_SEARCH` was read: `unset` also covers an invalid value. */
export type ToolSearchMode = 'unset' | 'true' | 'false' | 'auto';

/** The output of {@link decideToolSearch}: the policy contract's decision object. */
export interface ToolSearchDecision {
  readonly toolSearch: 'on' | 'off';
  readonly reason: ReasonCode;
  readonly mode: ToolSearchMode;
  /** The `auto` percentage (10 for plain `auto`); null unless mode is `auto`. */
  readonly thresholdPercent: number | null;
  /** Tokens that reach the threshold: ceil(contextWindow × percent / 100); null unless mode is `auto`. */
  readonly thresholdTokens: number | null;
  /** Tokens of every deferrable definition after mods (§5.3), computed whatever the decision. */
  readonly deferrableTokens: number;
  readonly contextWindow: number;
  /** Display names; empty when tool search is off. */
  readonly deferred: readonly string[];
  /** Display names; with `deferred`, every input tool exactly once. */
  readonly upfront: readonly string[];
  readonly warnings: readonly PolicyWarning[];
  /** One human-readable line per rule consulted, in order. */
  readonly trace: readonly string[];
}
