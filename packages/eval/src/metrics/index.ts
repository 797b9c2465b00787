export { goldGroups } from './gold-groups.js';
export type { GoldGroups } from './gold-groups.js';
export { recallAtK } from './recall-at-k.js';
export { ndcgAtK } from './ndcg-at-k.js';
export { reciprocalRankAtK } from './reciprocal-rank-at-k.js';
export { scoreQuery } from './score-query.js';
export type { QualityScores } from './score-query.js';
export { percentile } from './percentile.js';
