/**
 * Default nesting limit of Loadout's own JSON paths (catalog text, policy
 * input, query options): far beyond any real tool definition (the deepest of
 * the 10,193 mix10k tools nests 11 levels) and far below where recursion
 * would overflow the stack (about 4,000–11,000 levels in V8).
 */
export const DEFAULT_MAX_JSON_DEPTH = 256;

/**
 * The nesting depth of a JSON-like value: a scalar is 0, an object or array
 * is 1 + the depth of its deepest member. Walks iteratively, so any depth is
 * safe; stops as soon as `limit` is passed and returns `limit + 1` then (so
 * cyclic values terminate). Never throws: a getter that throws counts as a
 * scalar.
 */
export function jsonDepth(value: unknown, limit: number = DEFAULT_MAX_JSON_DEPTH): number {
  if (typeof value !== 'object' || value === null) return 0;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  let deepest = 0;
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return limit + 1;
    let members: unknown[];
    try {
      members = Array.isArray(current) ? current : Object.values(current);
    } catch {
      continue;
    }
    for (const member of members) {
      if (typeof member === 'object' && member !== null) {
        values.push(member);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}
