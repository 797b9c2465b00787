export { formatLearnedDecision, parseLearnedDecision } from './parse-learned-decision.js';
export type { LearnedDecision, LearnedDecisionRead } from './learned-decision.js';
