/**
 * Splits `capacity` slots between servers wanting `counts` tools,
 * max-min fair: every server gets an equal share, and what a server does
 * not need is shared out again among the others, so a server is cut only
 * when it wants more than the equal share of what is left. Each share is at
 * most its count; shares sum to min(capacity, total). Remainders go to the
 * earlier servers (config order).
 */
export function fairShares(counts: readonly number[], capacity: number): number[] {
  const shares = counts.map(() => 0);
  let remaining = capacity;
  let open = counts.map((_, index) => index).filter((index) => counts[index]! > 0);
  while (remaining > 0 && open.length > 0) {
    const even = Math.floor(remaining / open.length);
    if (even === 0) {
      for (const index of open.slice(0, remaining)) shares[index]! += 1;
      break;
    }
    for (const index of open) {
      const give = Math.min(even, counts[index]! - shares[index]!);
      shares[index]! += give;
      remaining -= give;
    }
    open = open.filter((index) => shares[index]! < counts[index]!);
  }
  return shares;
}
