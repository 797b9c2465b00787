/** One query's first-stage candidates as a model trains on them. */
export interface TrainingQuery {
  /** `count × ROW_WIDTH` features (every registry feature), one row per candidate in first-stage order. */
  readonly features: Float64Array;
  /** 1 for a gold candidate, else 0 (at least one is 1). */
  readonly labels: Uint8Array;
  readonly count: number;
  /** How much the query counts in training, relative to the others (its share of each gradient step). Default 1; ≥ 0. */
  readonly weight?: number;
}
