import type { RerankCandidates } from '../rerank/create-rerank-ranker.js';

/** One query's first-stage candidates as a model trains on them. */
export interface TrainingQuery {
  /** One row of every registry feature (`ROW_WIDTH` numbers) per candidate, in first-stage order. */
  readonly features: Float64Array;
  /** Per candidate: 1 for a gold one, else 0 (at least one is 1). */
  readonly labels: Uint8Array;
}

/** `found` as a training query, gold where a tool's display name or own name is `relevant`; undefined without a gold candidate. */
export function toTrainingQuery(found: RerankCandidates, relevant: readonly string[]): TrainingQuery | undefined {
  const names = new Set(relevant);
  const labels = Uint8Array.from(found.tools, (tool) => (names.has(tool.displayName) || names.has(tool.name) ? 1 : 0));
  return labels.includes(1) ? { features: found.features, labels } : undefined;
}
