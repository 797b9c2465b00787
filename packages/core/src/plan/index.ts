export { planToolLoading } from './plan-tool-loading.js';
export { planDeferral } from './plan-deferral.js';
export { BUILTIN_SERVER_LABEL } from './plan-types.js';
export type { DeferralInput, DeferralPlan, DeferralReason, PlannedTool, ServerLoad, ToolLoadingPlan, PlanOptions } from './plan-types.js';
export { createPlanCache } from './plan-cache.js';
export type { PlanCache } from './plan-cache.js';
export { largeToolWarnings, LARGE_TOOL_SHARE } from './large-tool-warnings.js';
export type { LargeToolWarning } from './large-tool-warnings.js';
