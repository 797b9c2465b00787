export { scoreQuery } from './score-query.js';
export type { QualityScores } from './score-query.js';
export { percentile } from './percentile.js';
export { pooledScores } from './pooled-scores.js';
export { goldGroups } from './gold-groups.js';
export type { GoldGroups } from './gold-groups.js';
