export { createWinkBm25Ranker } from './create-wink-bm25-ranker.js';
export type { WinkBm25RankerOptions } from './create-wink-bm25-ranker.js';
