export * from './responses/index.js';
export { MAX_FUNCTIONS, FUNCTION_NAME_PATTERN } from './shared/limits.js';
export { toolSearchRejection } from './shared/tool-search-rejection.js';
export type { OpenAIToolSearchRejection } from './shared/tool-search-rejection.js';
export type { ToolSearchWarning } from './shared/adapter-warning.js';
export type { ToolLoopResult } from './shared/tool-loop-result.js';
export { deploymentKey } from './shared/adapter-warning.js';
