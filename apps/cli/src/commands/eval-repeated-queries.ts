import type { QueryRepeats } from '@loadout/eval';
import { formatCount } from '../format/render-table.js';
import type { CommandWarning } from '../io/command-warnings.js';

/**
 * The warning (`eval-repeated-queries`) when labelled lines repeat an
 * earlier line's text and answers: how many, of how many distinct texts,
 * and that each text counts once in the intervals and the recommendation
 * (`queryRepeats`' units). Undefined when no line repeats another.
 */
export function repeatedQueriesWarning(repeats: QueryRepeats, total: number): CommandWarning | undefined {
  if (repeats.repeated === 0) return undefined;
  const lines = repeats.repeated === 1 ? 'line repeats' : 'lines repeat';
  const texts = repeats.repeatedTexts === 1 ? 'query text' : 'query texts';
  return {
    code: 'eval-repeated-queries',
    message:
      `${formatCount(repeats.repeated)} of ${formatCount(total)} labelled ${lines} an earlier line's query and answers (${formatCount(repeats.repeatedTexts)} ${texts} listed more than once; ${formatCount(repeats.distinct)} distinct): ` +
      `each text counts once in the intervals and the recommendation, as copies are not new evidence; the means still count every line`,
  };
}
