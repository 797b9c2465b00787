/** Joins items in English with an Oxford comma: `a`, `a and b`, `a, b, and c`. */
export function joinList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]!}`;
}
