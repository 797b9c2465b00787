import model from './models/glove-rerank-model.json' with { type: 'json' };
import type { RerankModel } from './rerank-model.js';

/** The shipped re-ranking model with the `VECTOR_FEATURES` (`pnpm train`); needs `vectors`, so it is not in the main entry's bundle. */
export const GLOVE_RERANK_MODEL: RerankModel = model as unknown as RerankModel;
