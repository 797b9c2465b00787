export * from './feedback/index.js';
export * from './rerank/index.js';
export * from './train/index.js';
export * from './judge/index.js';
