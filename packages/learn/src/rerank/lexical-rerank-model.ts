import model from './models/lexical-rerank-model.json' with { type: 'json' };
import type { RerankModel } from './rerank-model.js';

/**
 * The shipped lexical re-ranking model (no word vectors), trained by
 * `pnpm train` on the dev queries of `../shared/data/eval`. Opt-in (the
 * `rerank` ranker): it does not beat clause-fused BM25F on every unseen
 * catalog (see DESIGN.md), so the default stays model-free.
 */
export const LEXICAL_RERANK_MODEL: RerankModel = model as unknown as RerankModel;
