export { assignFolds } from './assign-folds.js';
export { nearDuplicatePairs } from './near-duplicates.js';
export { seededRandom } from './seeded-random.js';
export { shuffle } from './shuffle.js';
