/** A fraction (a Recall@5 difference) in points as printed, one decimal: 0.0283 is 2.8; anything that prints as 0.0 is 0. */
export function pointsAsPrinted(value: number): number {
  const points = Number((value * 100).toFixed(1));
  return points === 0 ? 0 : points;
}

/**
 * A fraction as signed points with one decimal, as comparisons print
 * differences and their interval bounds: `+2.8`, `−1.4` (a minus sign), and
 * `0.0` without a sign for anything that rounds to zero, so a bound never
 * reads as above or below 0 when it is not, as printed.
 */
export function signedPoints(value: number): string {
  const points = pointsAsPrinted(value);
  return points === 0 ? '0.0' : `${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)}`;
}
