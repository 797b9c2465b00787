export * from './eval-set/index.js';
export * from './metrics/index.js';
export * from './evaluate/index.js';
