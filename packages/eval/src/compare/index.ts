export { pairedBootstrap } from './paired-bootstrap.js';
export type { DifferenceInterval, PairedBootstrapOptions } from './paired-bootstrap.js';
export { MIN_QUERIES_TO_SWITCH, recommendRanker } from './recommend-ranker.js';
export type { RankerRecommendation, RankerStanding, RecommendRankerOptions } from './recommend-ranker.js';
export { signedPoints } from './signed-points.js';
export { worstQueries } from './worst-queries.js';
export type { ScoredQuery } from './worst-queries.js';
