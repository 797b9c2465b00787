export { createEmbeddingCache, embeddingCacheKey } from './embedding-cache.js';
export type { EmbeddingCache, EmbeddingCacheOptions, EmbeddingCacheStats, EmbeddingCacheEntry } from './embedding-cache.js';
export { saveEmbeddingCache, loadEmbeddingCache } from './embedding-cache-file.js';
