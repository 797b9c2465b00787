export { createEmbeddingCache } from './embedding-cache.js';
export type { EmbeddingCache, EmbeddingCacheOptions, EmbeddingCacheStats, EmbeddingCacheEntry } from './embedding-cache.js';
export { decodeEmbeddingCache, encodeEmbeddingCache } from './embedding-cache-codec.js';
export { saveEmbeddingCache, loadEmbeddingCache } from './embedding-cache-file.js';
