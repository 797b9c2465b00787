export { evaluateRanker } from './evaluate-ranker.js';
export type { EvaluateRankerOptions, QueryOutcome } from './evaluate-ranker.js';
export type { EvaluationResult, EvaluationProgress } from './evaluation-result.js';
export { evaluateRankers } from './evaluate-rankers.js';
export type { EvaluateRankersOptions, RankerEvaluation } from './evaluate-rankers.js';
