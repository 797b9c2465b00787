import type { Ranker } from '@loadout/core';
import { evaluateRanker } from '@loadout/eval';
import type { EvalSet, QueryOutcome } from '@loadout/eval';
import type { ProgressReporter } from '../io/progress-reporter.js';
import type { RankerRun } from './eval-comparison.js';

/**
 * Evaluates one ranker on the set: failures counted per query (a search
 * that throws or returns an invalid result scores as a miss), hits matched
 * by display name, progress of each phase over a second on stderr (named
 * by the ranker when several run), every query's outcome kept for the
 * comparison and the misses.
 */
export async function runRanker(name: string, ranker: Ranker, evalSet: EvalSet, progress: ProgressReporter, label: string): Promise<RankerRun> {
  const outcomes: QueryOutcome[] = [];
  const result = await evaluateRanker(ranker, evalSet, {
    onQueryError: 'count',
    matchBy: 'displayName',
    onQuery: (outcome) => outcomes.push(outcome),
    onProgress: ({ phase, done, total }) => progress.step(`${label}${phase === 'build' ? 'indexing tools' : 'answering queries'}`, done, total),
  });
  return { ranker: name, result, outcomes };
}
