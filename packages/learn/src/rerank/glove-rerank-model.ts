import model from './models/glove-rerank-model.json' with { type: 'json' };
import type { RerankModel } from './rerank-model.js';

/**
 * The shipped re-ranking model with GloVe-SIF features (`RERANK_VECTOR_FEATURES`),
 * trained by `pnpm train` on the dev queries of `../shared/data/eval`. Needs
 * `vectors` (`createRerankVectors` of `@loadout/embeddings`); a page without
 * the word-vector table uses `LEXICAL_RERANK_MODEL`. Opt-in, as the lexical
 * model (see DESIGN.md). Exported from `@loadout/bm25/rerank-glove`, so the
 * main entry's browser bundle does not carry it.
 */
export const GLOVE_RERANK_MODEL: RerankModel = model as unknown as RerankModel;
