import { createLoadoutError, describeValue } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';

/** A gold name of a queries file's line that no tool of the catalog answers to, and why (`which is not in tools.json`). */
export interface UnknownGold {
  readonly line: number;
  readonly id: string;
  /** The line's query text, which the message shows (its `id` too when the line gave one of its own). Default: the id is shown instead. */
  readonly query?: string;
  readonly name: string;
  readonly problem: string;
}

/** Lines an `unknown-tool` error lists one by one; the rest are counted. */
export const SHOWN_UNKNOWN_LINES = 10;

/** `query "TEXT"`, with `, id "ID"` when the line named an id of its own (a missing one is `SOURCE:LINE`, which the message says already). */
function whichQuery(source: string, gold: UnknownGold): string {
  if (gold.query === undefined) return `query ${describeValue(gold.id)}`;
  const own = gold.id !== gold.query && gold.id !== `${source}:${gold.line}`;
  return `query ${describeValue(gold.query)}${own ? `, id ${describeValue(gold.id)}` : ''}`;
}

const lineOf = (source: string, names: readonly UnknownGold[]): string => {
  const first = names[0]!;
  const tools = names.map((gold) => `${describeValue(gold.name)}, ${gold.problem}`).join('; and the tool ');
  return `line ${first.line} (${whichQuery(source, first)}) names the tool ${tools}`;
};

/**
 * One `unknown-tool` error for every unknown gold name of a queries file, so
 * a user fixes them all in one go: one bad name reads as one sentence; more
 * list the first {@link SHOWN_UNKNOWN_LINES} lines (line, query text and id, names,
 * why), one per line, then how many lines more. `details` keep the first
 * one's `line`, `id` and `name`, plus `lines` (how many lines are bad).
 */
export function unknownGoldError(source: string, unknown: readonly UnknownGold[]): LoadoutError {
  const byLine = new Map<number, UnknownGold[]>();
  for (const gold of unknown) {
    const list = byLine.get(gold.line);
    if (list === undefined) byLine.set(gold.line, [gold]);
    else list.push(gold);
  }
  const lines = [...byLine.values()];
  const first = unknown[0]!;
  const details = { source, line: first.line, id: first.id, name: first.name, lines: lines.length };
  if (unknown.length === 1) return createLoadoutError('unknown-tool', `${source}: ${lineOf(source, lines[0]!)}`, details);
  const shown = lines.slice(0, SHOWN_UNKNOWN_LINES).map((names) => `\n  ${lineOf(source, names)}`);
  const rest = lines.length - shown.length;
  const more = rest === 0 ? '' : `\n  and ${rest} more ${rest === 1 ? 'line' : 'lines'}`;
  const what = lines.length === 1 ? `line ${first.line} names ${unknown.length} unknown tools` : `${lines.length} lines name unknown tools`;
  return createLoadoutError('unknown-tool', `${source}: ${what} (fix every one, then run again):${shown.join('')}${more}`, details);
}
