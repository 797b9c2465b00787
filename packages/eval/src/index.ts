export * from './eval-set/index.js';
export * from './metrics/index.js';
export * from './evaluate/index.js';
export * from './folds/index.js';
export * from './compare/index.js';
