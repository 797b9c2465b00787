/**
 * The browser-safe part of `@loadout/embeddings`, loaded from its sources
 * for `vi.mock('@loadout/embeddings/browser', …)` in Node tests, while the
 * root vitest config has no alias for that subpath. Paths are computed so
 * that the type checker does not pull another package's sources in.
 */
const FILES = [
  'static/static-embedder.js',
  'static/table-codec.js',
  'static/compact-word-vectors.js',
  'vector/exact-index.js',
  'ranker/embedding-ranker.js',
  'ranker/hybrid-ranker.js',
  'cache/embedding-cache.js',
];

export async function importEmbeddingsBrowser(): Promise<Record<string, unknown>> {
  const base = '../../../embeddings/src/';
  const modules = await Promise.all(FILES.map((file) => import(/* @vite-ignore */ `${base}${file}`) as Promise<Record<string, unknown>>));
  return Object.assign({}, ...modules) as Record<string, unknown>;
}
