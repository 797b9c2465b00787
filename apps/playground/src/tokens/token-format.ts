/** A token-count formatter that writes every figure of one chart in the same unit. */
export type TokenFormat = (tokens: number) => string;

/**
 * Chooses one unit and precision for all the figures of a chart: plain
 * integers when every figure is under 1,000; else thousands (`k`) for all
 * of them, with one decimal when a non-zero figure is under 10k (so small
 * servers stay distinguishable: `5.3k`, `2.9k`, `808.2k`) and none
 * otherwise (`31k`, `1,452k`). Labels side by side thus always compare at a
 * glance.
 */
export function tokenFormat(figures: readonly number[]): TokenFormat {
  const largest = Math.max(0, ...figures);
  if (largest < 1000) return (tokens) => Math.round(tokens).toLocaleString('en-US');
  const decimals = figures.some((value) => value > 0 && value < 10_000) ? 1 : 0;
  return (tokens) => `${(tokens / 1000).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}k`;
}
