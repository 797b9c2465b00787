export { createToolSearchKit } from './create-tool-search-kit.js';
export type { KitPlannerInput, KitPlanOptions, KitSearchOptions, ToolSearchKit, ToolSearchKitOptions } from './tool-search-kit-types.js';
export { createDeploymentMemory, normalizeBaseURL } from './deployment-memory.js';
export type { DeploymentMemory, DeploymentMemoryOptions, DeploymentReason, DeploymentRecord } from './deployment-memory.js';
export { createDiscoverySession } from './discovery-session.js';
export type {
  DiscoveryChange,
  DiscoverySession,
  DiscoverySessionOptions,
  DiscoverySessionSnapshot,
  DiscoverySessionSnapshotTool,
  ToolDiscovery,
} from './discovery-session.js';
export { searchFailureText } from './search-failure-text.js';
export { searchToolDescription, searchToolInputSchema } from './search-tool-definition.js';
export type { SearchToolInputSchema, SearchToolSettings } from './search-tool-definition.js';
export { countJsonTokens, countRequestTools, searchCost } from './request-cost.js';
export type { RequestCost, SearchCost } from './request-cost.js';
export { createUsageRecording, deliverUsage } from './usage-recording.js';
export type { UsageRecording } from './usage-recording.js';
export { answerFunctionCall } from './answer-function-call.js';
export type { FunctionCall, FunctionCallContext, FunctionCallHandler } from './answer-function-call.js';
export { createFallbackStep } from './fallback-step.js';
export type { FallbackStep, FallbackStepOptions, SendOutcome } from './fallback-step.js';
export { notLoadedText, notObjectText } from './not-loaded-text.js';
export { createToolFailureReporter, toolFailedText, toolFailure } from './tool-failure.js';
export type { ToolErrorOptions, ToolFailure, ToolFailureReporter } from './tool-failure.js';
export { objectInputSchema } from './object-input-schema.js';
export { parseCallArguments } from './parse-call-arguments.js';
export type { ParsedArguments } from './parse-call-arguments.js';
export { plainAnswerNames, plainSearchAnswer, plainSearchResult } from './plain-search-answer.js';
export type { PlainSearchResult, UnloadedTools } from './plain-search-answer.js';
export { fitLoaded } from './fit-loaded.js';
export type { FittedLoaded } from './fit-loaded.js';
export { createRecentUse } from './recent-use.js';
export type { RecentUse } from './recent-use.js';
export { invalidOption, ownToolNames, readMaxSteps } from './read-loop-options.js';
export { searchCall } from './search-call.js';
export type { ToolLoopResult } from './tool-loop-result.js';
export { toolOutputText } from './tool-output-text.js';
export { toolSearchRejection } from './tool-search-rejection.js';
export type { ToolSearchRejection } from './tool-search-rejection.js';
export { deploymentKey, reportRejection, skippedToolWarnings, reportUnloaded } from './tool-search-warning.js';
export type { ToolFailedWarning, ToolSearchRejectedWarning, ToolSearchWarning, ToolSkippedWarning, ToolsUnloadedWarning } from './tool-search-warning.js';
export type {
  ToolSearchAdapter,
  ToolSearchAdapterAnswer,
  ToolSearchAdapterDefinition,
  ToolSearchAdapterOptions,
  ToolSearchAdapterRequest,
} from './tool-search-adapter.js';
export { discoveredNames } from './discovered-names.js';
export { adapterRequest } from './adapter-request.js';
export { planNames } from './plan-names.js';
