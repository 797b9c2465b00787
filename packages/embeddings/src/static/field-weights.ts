/** How much each field of a tool counts in its static embedding; each a finite number ≥ 0. */
export interface FieldWeights {
  /** Default 3. */
  readonly name: number;
  /** Default 2. */
  readonly description: number;
  /** Default 1. */
  readonly parameterDescriptions: number;
  /** Default 0.5. */
  readonly parameterNames: number;
}

/** The field weights that tuned best on the dev queries (see ranking findings). */
export const DEFAULT_STATIC_FIELD_WEIGHTS: FieldWeights = Object.freeze({
  name: 3,
  description: 2,
  parameterDescriptions: 1,
  parameterNames: 0.5,
});
