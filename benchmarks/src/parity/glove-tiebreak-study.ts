// The GloVe-SIF tie-breaker study: dev Recall@5 of the shipped bm25f (BM25 env: its options as JSON)
// with the static embedding added at each weight over its top CANDIDATES (semantic weight 0 = bm25f alone):
// `node --conditions=development --import tsx benchmarks/src/parity/glove-tiebreak-study.ts [sets] [weights] [candidates]`.
import { createEvalCatalog, evaluateRanker, listEvalSets, loadEvalSet } from '@loadout/eval';
import { createBm25Ranker } from '@loadout/bm25';
import { createEmbeddingRanker, createExactIndex, createHybridRanker, createStaticEmbedder } from '@loadout/embeddings';
import { resolveDataDir } from '../paths.js';

const { dataDir } = resolveDataDir(process.env.DATA);
const wanted = process.argv[2]?.split(',');
const configs = (process.argv[3] ?? '0,0.1,0.2').split(',').map(Number);
const candidates = Number(process.argv[4] ?? 100);
const sets = (await listEvalSets(dataDir)).filter((set) => wanted === undefined || wanted.includes(set.name));
const embedder = createStaticEmbedder();
for (const info of sets) {
  const set = await loadEvalSet(info.directory, { split: 'dev' });
  const semantic = createEmbeddingRanker({ embedder, index: createExactIndex({ dimensions: embedder.dimensions }), name: 'static-embedding' });
  const lexical = createBm25Ranker(JSON.parse(process.env.BM25 ?? '{}'));
  const row: string[] = [];
  for (const weight of configs) {
    const ranker = weight === 0 ? lexical : createHybridRanker({ lexical, semantic, weights: { lexical: 1, semantic: weight }, candidates });
    const result = await evaluateRanker(ranker, set, {});
    row.push(`${weight}: ${(100 * result["recall@5"]).toFixed(2)}`);
  }
  console.log(info.name, row.join(' | '));
}
