import record from './shipped-training-queries.json' with { type: 'json' };
import type { TrainingQueries } from './training-queries.js';

/** The queries the shipped models (`rerank`, `rerank-glove`) were trained on: every dev query of the eval sets `pnpm train` read, hashed. */
export const SHIPPED_TRAINING_QUERIES: TrainingQueries = record as TrainingQueries;
