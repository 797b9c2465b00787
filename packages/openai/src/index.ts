export * from './responses/index.js';
export { MAX_FUNCTIONS, FUNCTION_NAME_PATTERN } from './shared/limits.js';
export { deploymentKey, toolSearchRejection } from '@loadout/core/adapter';
export type { ToolLoopResult, ToolSearchRejection as OpenAIToolSearchRejection, ToolSearchWarning } from '@loadout/core/adapter';
