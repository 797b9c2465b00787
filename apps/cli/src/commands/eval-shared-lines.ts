import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { readTextFile } from '@loadout/eval/files';
import type { CliContext } from '../io/cli-context.js';
import { formatCount } from '../format/render-table.js';

/** Share of the --queries lines, from which on `eval` warns that --feedback holds them too: 10%. */
export const SHARED_LINES_WARNING = 0.1;

/** How many of the non-blank lines of `queries` (trimmed) are also lines of `feedback`, out of how many. */
export function countSharedLines(queries: string, feedback: string): { readonly shared: number; readonly total: number } {
  const lines = (text: string): string[] => text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const past = new Set(lines(feedback));
  const asked = lines(queries);
  return { shared: asked.filter((line) => past.has(line)).length, total: asked.length };
}

/**
 * Warns on stderr when at least {@link SHARED_LINES_WARNING} of the
 * --queries lines appear verbatim in --feedback (a copy of the log, or
 * overlapping slices of it): the ranker is then scored on searches it
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
    `loadout eval: warning: ${formatCount(shared)} of the ${formatCount(total)} lines of ${queriesPath} (${Math.round((shared / total) * 100)}%) are also lines of ${feedbackPath}: ` +
      `the ranker is scored on searches it learned from, so the figures overstate it; give --feedback only lines older than the queries\n`,
  );
}
