export { pairedBootstrap } from './paired-bootstrap.js';
export type { DifferenceInterval, PairedBootstrapOptions } from './paired-bootstrap.js';
export { recommendRanker } from './recommend-ranker.js';
export type { RankerRecommendation, RankerStanding } from './recommend-ranker.js';
export { worstQueries } from './worst-queries.js';
export type { ScoredQuery } from './worst-queries.js';
