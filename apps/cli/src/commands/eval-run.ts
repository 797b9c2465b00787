import { createLoadoutError, isLoadoutError } from '@loadout/core';
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
 * comparison and the misses. A ranker that cannot be indexed throws
 * {@link rankerFailed}'s error.
 */
export async function runRanker(name: string, ranker: Ranker, evalSet: EvalSet, progress: ProgressReporter, label: string): Promise<RankerRun> {
  const outcomes: QueryOutcome[] = [];
  try {
    const result = await evaluateRanker(ranker, evalSet, {
      onQueryError: 'count',
      matchBy: 'displayName',
      onQuery: (outcome) => outcomes.push(outcome),
      onProgress: ({ phase, done, total }) => progress.step(`${label}${phase === 'build' ? 'indexing tools' : 'answering queries'}`, done, total),
    });
    return { ranker: name, result, outcomes };
  } catch (error) {
    throw rankerFailed(name, error);
  }
}

/** A ranker's own failure to be built or to index (a plug-in's plain Error) as `ranker-failed` naming it; a LoadoutError passes unchanged. */
export function rankerFailed(name: string, error: unknown): unknown {
  if (isLoadoutError(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return createLoadoutError('ranker-failed', `ranker ${JSON.stringify(name)} could not be built or could not index the catalog: ${reason}`, { ranker: name }, { cause: error });
}

/** The run of a ranker of a comparison that could not be built or indexed: every query failed with `error`, scored as a miss. */
export function failedRun(name: string, evalSet: EvalSet, tools: number, error: unknown): RankerRun {
  const failure = isLoadoutError(error) ? `${error.message} [${error.code}]` : String(error);
  const scores = { 'recall@5': 0, 'ndcg@5': 0, 'mrr@10': 0 };
  const queries = evalSet.queries.length;
  return {
    ranker: name,
    result: { ...scores, queries, p50Ms: 0, p99Ms: 0, buildMs: 0, tools, failedQueries: queries, firstError: failure },
    outcomes: evalSet.queries.map((_, index) => ({ index, scores, got: [], ms: 0, error: failure })),
  };
}
