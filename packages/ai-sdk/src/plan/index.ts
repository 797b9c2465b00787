export { aiSdkStepTools, planAiSdkRequest } from './plan-ai-sdk-request.js';
export type { AiSdkRequestPlan, AiSdkStepTool } from './plan-ai-sdk-request.js';
export { createAiSdkToolLayout } from './ai-sdk-tool-layout.js';
export type { AiSdkSearchResult, AiSdkToolLayout, AiSdkToolShape } from './ai-sdk-tool-layout.js';
