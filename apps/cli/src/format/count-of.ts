import { formatCount } from './render-table.js';

/**
 * A count and its noun, the noun in the plural unless the count is 1, the
 * count grouped as {@link formatCount} does: `1 tool`, `0 tools`,
 * `1,204 upfront tools`. `plural` defaults to the noun with an `s`.
 */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : plural}`;
}
