export type {
  Provider,
  PolicyInput,
  ReasonCode,
  WarningCode,
  PolicyWarning,
  ToolSearchMode,
  ToolSearchDecision,
} from './policy-types.js';
export { PROVIDERS } from './policy-types.js';
export { decideToolSearch } from './decide-tool-search.js';
export { createConversationPolicy } from './conversation-policy.js';
export type { ConversationPolicy, ConversationPolicyOptions } from './conversation-policy.js';
export { parsePolicyInput, POLICY_INPUT_MAX_DEPTH } from './parse-policy-input.js';
export { parseToolSearchEnv, DEFAULT_AUTO_PERCENT, ENABLE_TOOL_SEARCH } from './env-value.js';
export type { ToolSearchEnvValue } from './env-value.js';
export { isEnvFlagSet } from './env-flag.js';
export { parseModelId, describeModel, DEFAULT_CONTEXT_WINDOW, ONE_MILLION_CONTEXT_WINDOW } from './model-id.js';
export type { ModelFamily, ModelInfo } from './model-id.js';
export { checkModelSupport } from './model-support.js';
export type { ModelSupport } from './model-support.js';
export {
  parseSdkVersion,
  compareSdkVersions,
  isSdkAtLeast,
  AGENT_PLATFORM_DEFAULT_ON_SDK_VERSION,
  MANAGED_OVERRIDE_SDK_VERSION,
  GATEWAY_DEFAULT_ON_SDK_VERSION,
} from './sdk-version.js';
export type { SdkVersion } from './sdk-version.js';
export { classifyBaseUrl, FIRST_PARTY_API_HOST } from './base-url.js';
export type { BaseUrlInfo } from './base-url.js';
export { autoThresholdTokens, reachesAutoThreshold } from './auto-threshold.js';
export { readPolicySettings, DISABLE_EXPERIMENTAL_BETAS, ANTHROPIC_BASE_URL } from './read-policy-settings.js';
export type { PolicySettings } from './policy-settings.js';
export { evaluateToolSearchRules } from './tool-search-rules.js';
export type { ToolSearchRuling } from './tool-search-rules.js';
