/** A token-count formatter that writes every figure of one chart in the same unit. */
export type TokenFormat = (tokens: number) => string;

/**
 * Chooses one unit for a chart whose largest figure is `largest`: plain
 * integers under 1,000; else thousands (`k`) with one decimal under 100k and
 * none above (`5.3k`, `2.9k`; `31k`, `1,452k`), so labels side by side
 * always compare at a glance.
 */
export function tokenFormat(largest: number): TokenFormat {
  if (largest < 1000) return (tokens) => Math.round(tokens).toLocaleString('en-US');
  const decimals = largest < 100_000 ? 1 : 0;
  return (tokens) => `${(tokens / 1000).toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}k`;
}
