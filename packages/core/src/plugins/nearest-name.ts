/** Edit distance counting insertions, deletions, substitutions and swaps of neighbours (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const above = rows[i - 1]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate closest to `input` when it is a plausible typo (1 edit for
 * names of up to 3 characters, else up to a third of the length and at
 * least 2, ignoring case; a candidate that starts with the input, or
 * differs from it in case only, also counts), else undefined. Ties go to the earlier candidate. For "did you mean" hints on
 * names, configuration keys, options and flags.
 */
export function closestName(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  const lower = input.toLowerCase();
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    const distance = other === lower ? 0.25 : other.startsWith(lower) && input.length >= 2 ? 0.5 : editDistance(lower, other);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = input.length <= 3 ? 1 : Math.max(2, Math.floor(input.length / 3));
  return bestDistance <= allowed ? best : undefined;
}

/** `; did you mean "x"?` for the closest candidate, or an empty string. */
export function didYouMean(value: unknown, candidates: Iterable<string>): string {
  if (typeof value !== 'string') return '';
  const nearest = closestName(value, candidates);
  return nearest === undefined ? '' : `; did you mean ${JSON.stringify(nearest)}?`;
}
