export * from './contracts/index.js';
export * from './static/index.js';
export * from './cache/index.js';
export * from './transformers/index.js';
export * from './vector/index.js';
export * from './ranker/index.js';
export * from './rerank/index.js';
