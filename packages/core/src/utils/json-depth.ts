/**
 * The nesting depth of a JSON-like value: a scalar is 0, an object or array
 * is 1 + the depth of its deepest member. Walks iteratively, so any depth is
 * safe; stops as soon as `limit` is passed and returns `limit + 1` then (so
 * cyclic values terminate). Never throws: a getter that throws counts as a
 * scalar.
 */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  for (let entry; (entry = stack.pop()); ) {
    const [current, depth] = entry;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return limit + 1;
    deepest = Math.max(deepest, depth + 1);
    try {
      for (const member of Object.values(current)) stack.push([member, depth + 1]);
    } catch {
      // a getter that throws: its members count as scalars
    }
  }
  return deepest;
}
