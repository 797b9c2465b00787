/** A ranker's first failure, as a comparison's `--json` gives it: the stable code and the message (a query's led by its id, as the single-ranker `firstError` text). */
export interface EvalFirstError {
  readonly code: string;
  readonly message: string;
}

/** An error the ranker threw without a code of its own: it failed. */
const UNCODED = 'ranker-failed';

/**
 * `firstError` as `evaluateRankers` and `failedRun` record it (`message
 * [code]`, a query's led by `id: `) split into its code and message; an
 * error without a code is `ranker-failed`.
 */
export function splitFirstError(text: string): EvalFirstError {
  const coded = /^([\s\S]*) \[([a-z][a-z0-9-]*)\]$/.exec(text);
  return coded === null ? { code: UNCODED, message: text } : { code: coded[2]!, message: coded[1]! };
}
