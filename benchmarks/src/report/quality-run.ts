import type { EvaluationResult } from '@loadout/eval';

/** One ranker evaluated on one set, or why it could not be. */
export interface QualityRun {
  readonly set: string;
  readonly ranker: string;
  /** Absent when the ranker could not be built or evaluated. */
  readonly result?: EvaluationResult;
  /** Why there is no result. */
  readonly error?: string;
}
