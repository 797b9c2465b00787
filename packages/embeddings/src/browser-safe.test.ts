import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';

/** Files the browser build will reuse: the embedding math, indexes, cache and rankers. */
const BROWSER_SAFE = [
  'text/tokenize-identifiers.ts',
  'text/tool-fields.ts',
  'contracts/tool-embedder.ts',
  'contracts/inspectable-vector-index.ts',
  'static/parse-word-vector-json.ts',
  'static/compact-word-vectors.ts',
  'static/table-codec.ts',
  'static/word-vector-table.ts',
  'static/field-weights.ts',
  'static/stopwords.ts',
  'static/sif-encoder.ts',
  'static/principal-components.ts',
  'static/static-embedder.ts',
  'cache/embedding-cache.ts',
  'vector/vector-math.ts',
  'vector/validate-vectors.ts',
  'vector/exact-index.ts',
  'ranker/catalog-fingerprint.ts',
  'ranker/embedding-ranker.ts',
  'ranker/score-ranks.ts',
  'ranker/hybrid-explanation.ts',
  'ranker/hybrid-ranker.ts',
  'transformers/pipeline-embedder.ts',
  'rerank/create-rerank-vectors.ts',
  'browser.ts',
];

const NODE_ONLY = [/from ['"]node:/, /from ['"](fs|path|os|module|url|crypto)['"]/, /\bprocess\./, /\bBuffer\b/, /\brequire\(/, /hnswlib-node/, /@huggingface\/transformers/];

describe('browser-safe files', () => {
  it.each(BROWSER_SAFE)('%s uses no Node API and imports only browser-safe files', (file) => {
    const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    for (const pattern of NODE_ONLY) expect(source, `${file} matches ${pattern}`).not.toMatch(pattern);
    const relative = [...source.matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].map((match) => match[1]!);
    for (const target of relative) {
      const resolved = new URL(`${target}.ts`, new URL(`./${file}`, import.meta.url)).pathname.split('/src/').pop()!;
      expect(BROWSER_SAFE, `${file} imports ${resolved}`).toContain(resolved);
    }
  });
});
