/**
 * Whether `deferrableTokens` reach `percent`% of `contextWindow`: true when
 * `deferrableTokens × 100 ≥ contextWindow × percent`, so exactly N% reaches it.
 */
export function reachesAutoThreshold(deferrableTokens: number, contextWindow: number, percent: number): boolean {
  return deferrableTokens * 100 >= contextWindow * percent;
}

/**
 * The fewest whole tokens that reach the threshold:
 * `ceil(contextWindow × percent / 100)`, corrected for floating-point
 * rounding so that it agrees with {@link reachesAutoThreshold}.
 */
export function autoThresholdTokens(contextWindow: number, percent: number): number {
  let tokens = Math.max(0, Math.ceil((contextWindow * percent) / 100));
  if (!Number.isSafeInteger(tokens)) return tokens;
  for (let step = 0; step < 4 && tokens > 0 && reachesAutoThreshold(tokens - 1, contextWindow, percent); step++) tokens--;
  for (let step = 0; step < 4 && !reachesAutoThreshold(tokens, contextWindow, percent); step++) tokens++;
  return tokens;
}
