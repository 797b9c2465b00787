export { formatLearnedDecision, MAX_MODEL_NUMBER, parseLearnedDecision } from './parse-learned-decision.js';
export { openLearnedDecision, sealLearnedDecision } from './seal-learned-decision.js';
export type { LearnedDecision, LearnedDecisionRead } from './learned-decision.js';
