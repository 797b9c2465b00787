export { planToolLoading } from './plan-tool-loading.js';
export { renderToolDefinition } from './render-tool-definition.js';
export { countToolTokens } from './count-tool-tokens.js';
export type { ToolTokenCount } from './count-tool-tokens.js';
export { summarizeServers } from './summarize-servers.js';
export { BUILTIN_SERVER_LABEL } from './plan-types.js';
export type { DeferralReason, PlannedTool, ServerLoad, ToolLoadingPlan, PlanOptions } from './plan-types.js';
export { createPlanCache } from './plan-cache.js';
export type { PlanCache } from './plan-cache.js';
