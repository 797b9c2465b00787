import model from './models/lexical-rerank-model.json' with { type: 'json' };
import type { RerankModel } from './rerank-model.js';

/** The shipped lexical re-ranking model (`pnpm train`); opt-in, as the `rerank` ranker, the default staying model-free. */
export const LEXICAL_RERANK_MODEL: RerankModel = model as unknown as RerankModel;
