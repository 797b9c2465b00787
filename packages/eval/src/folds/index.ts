export { assignFolds } from './assign-folds.js';
export { jaccard, nearDuplicatePairs, NEAR_DUPLICATE_JACCARD, queryWords } from './near-duplicates.js';
export { seededRandom } from './seeded-random.js';
