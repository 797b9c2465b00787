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
export { parsePolicyInput } from './parse-policy-input.js';
export { DEFAULT_AUTO_PERCENT, ENABLE_TOOL_SEARCH } from './env-value.js';
export { DEFAULT_CONTEXT_WINDOW, ONE_MILLION_CONTEXT_WINDOW } from './model-id.js';
export {
  AGENT_PLATFORM_DEFAULT_ON_SDK_VERSION,
  MANAGED_OVERRIDE_SDK_VERSION,
  GATEWAY_DEFAULT_ON_SDK_VERSION,
} from './sdk-version.js';
export { FIRST_PARTY_API_HOST } from './base-url.js';
export { DISABLE_EXPERIMENTAL_BETAS, ANTHROPIC_BASE_URL } from './read-policy-settings.js';
