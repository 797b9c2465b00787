export { answerToolSearch, answerToolSearchNow } from './answer-tool-search.js';
export { indexOnce } from './index-once.js';
export type { FoundTool, OverLimit, ToolSearchAnswer, ToolSearchContext, ToolSearchFailure, ToolSearchFound } from './tool-search-answer.js';
