import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readTextFile } from '@loadout/eval/files';
import type { CliContext } from '../io/cli-context.js';
import { formatCount } from '../format/render-table.js';

/** Share of the --queries lines, from which on `eval` warns that --feedback holds them too: 10%. */
export const SHARED_LINES_WARNING = 0.1;

/**
 * A line's search, however it is spelt (key order, spacing, `called` or
 * `relevant`, `at` as an ISO date or milliseconds): `[query, tools, time]`
 * and `[query, tools]`, or the line itself twice when it is not such JSON.
 */
function searchOf(line: string): { readonly timed: string; readonly untimed: string; readonly hasTime: boolean } {
  try {
    const value = JSON.parse(line) as { query?: unknown; called?: unknown; relevant?: unknown; at?: unknown };
    if (typeof value.query === 'string') {
      const search = [value.query.trim(), [value.called ?? value.relevant].flat().map(String).sort()];
      const at = typeof value.at === 'string' ? Date.parse(value.at) : value.at;
      return { timed: JSON.stringify([...search, at ?? null]), untimed: JSON.stringify(search), hasTime: value.at !== undefined };
    }
  } catch {
    // Not JSON: compared as it is.
  }
  return { timed: line, untimed: line, hasTime: true };
}

/**
 * How many of the non-blank lines of `queries` are searches `feedback`
 * holds too, out of how many. A line without a time, on either side,
 * matches the same search at any time (importing it stamps one): a timed
 * log scored against the same log with its times removed is the same
 * searches.
 */
export function countSharedLines(queries: string, feedback: string): { readonly shared: number; readonly total: number } {
  const lines = (text: string): string[] => text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const past = lines(feedback).map(searchOf);
  const timed = new Set(past.filter((search) => search.hasTime).map((search) => search.timed));
  const untimed = new Set(past.filter((search) => !search.hasTime).map((search) => search.untimed));
  const any = new Set(past.map((search) => search.untimed));
  const asked = lines(queries).map(searchOf);
  const held = (search: ReturnType<typeof searchOf>): boolean => (search.hasTime ? timed.has(search.timed) || untimed.has(search.untimed) : any.has(search.untimed));
  return { shared: asked.filter(held).length, total: asked.length };
}

/**
 * Warns on stderr when at least {@link SHARED_LINES_WARNING} of the
 * --queries lines are searches --feedback holds (a copy of the log in
 * any spelling, the store it was imported into, or overlapping slices): the ranker is then scored on searches it
 * learned from. Says nothing when either file cannot be read or the
 * feedback is over `maxBytes` (learning reports those).
 */
export async function warnSharedLines(feedbackPath: string, queriesPath: string, context: CliContext, maxBytes: number): Promise<void> {
  const feedbackFile = resolve(context.cwd, feedbackPath);
  const size = await stat(feedbackFile).then((info) => info.size, () => Infinity);
  if (size > maxBytes) return;
  const texts = await Promise.all([readTextFile(queriesPath, { cwd: context.cwd }), readTextFile(feedbackFile)]).catch(() => undefined);
  if (texts === undefined) return;
  const { shared, total } = countSharedLines(texts[0], texts[1]);
  if (total === 0 || shared / total < SHARED_LINES_WARNING) return;
  context.stderr(
    `loadout eval: warning: ${formatCount(shared)} of the ${formatCount(total)} lines of ${queriesPath} (${Math.round((shared / total) * 100)}%) are searches ${feedbackPath} holds: ` +
      `the ranker is scored on searches it learned from, so the figures overstate it; give --feedback only lines older than the queries\n`,
  );
}
