import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { Ranker } from '@loadout/core';
import { evaluateRankers } from '@loadout/eval';
import type { EvalSet, QueryOutcome } from '@loadout/eval';
import { LARGE_CATALOG, type ProgressReporter } from '../io/progress-reporter.js';
import type { RankerRun } from './eval-comparison.js';
import { withTimeoutBreaker } from './eval-timeout-breaker.js';
import { formatCount } from '../format/render-table.js';


/** A ranker of `loadout eval` that was built, ready to be measured. */
export interface BuiltRanker {
  readonly name: string;
  readonly ranker: Ranker;
  /** Its start budget in ms while it starts (a plug-in's module and `create`, in its worker, at its first index), else undefined (see `startBudgetOf`). Default: never starting. */
  readonly startBudget?: () => number | undefined;
}

/**
 * Evaluates the rankers on the set, interleaved (`evaluateRankers`: each
 * query answered by every ranker in turn, so that no ranker's timing depends
 * on where it is listed): failures counted per query (a search that throws
 * or returns an invalid result scores as a miss), hits matched by display
 * name, progress of each phase over a second on stderr (each ranker's
 * indexing, one step, announced as it starts, named by the ranker and round
 * when several run, once the run has gone on a second or the catalog has
 * {@link LARGE_CATALOG} tools, then every second while it is awaited: a
 * plug-in's start as `starting, 2 s of 10 s…`), every query's outcome kept for the
 * comparison and the misses. A ranker that cannot be indexed is
 * {@link rankerFailed}'s error: thrown when it is the only one, else its
 * {@link failedRun}.
 */
export async function runRankers(built: readonly BuiltRanker[], evalSet: EvalSet, progress: ProgressReporter, tools: number): Promise<RankerRun[]> {
  const outcomes: QueryOutcome[][] = built.map(() => []);
  const several = built.length > 1;
  const answered = built.map(() => 0);
  const rounds = built.map(() => 0);
  // The index the rankers await one at a time: said every second while it goes on (a plug-in starting, then indexing), ended by the next event.
  let endWait: (() => void) | undefined;
  const evaluations = await evaluateRankers(
    built.map(({ ranker }) => withTimeoutBreaker(ranker)),
    evalSet,
    {
      onQueryError: 'count',
      matchBy: 'displayName',
      onQuery: (outcome, position) => outcomes[position]!.push(outcome),
      onProgress: ({ phase, done, total }, position) => {
        endWait?.();
        endWait = undefined;
        if (phase === 'build') {
          // Indexing is one step per ranker: said as it starts (a large catalog, or a run past a second), then every second it is awaited.
          if (done > 0) return;
          rounds[position]! += 1;
          const { name, startBudget } = built[position]!;
          const which = several ? `${name} (${position + 1}/${built.length}): ` : '';
          const indexing = `${which}indexing ${formatCount(total)} tools${several ? `, round ${rounds[position]} of 2` : ''}`;
          progress.announce(indexing, total >= LARGE_CATALOG);
          endWait = progress.wait(() => {
            const budgetMs = startBudget?.();
            return budgetMs === undefined ? { what: indexing } : { what: `${several ? which : `${name}: `}starting`, budgetMs };
          });
          return;
        }
        answered[position] = done;
        progress.step(several ? `answering queries (${built.length} rankers in turn)` : 'answering queries', answered.reduce((sum, count) => sum + count, 0), total * built.length);
      },
    },
  ).finally(() => endWait?.());
  return evaluations.map((evaluation, position) => {
    const { name } = built[position]!;
    if ('result' in evaluation) return { ranker: name, result: evaluation.result, outcomes: outcomes[position]! };
    if (!several) throw rankerFailed(name, evaluation.error);
    return failedRun(name, evalSet, tools, rankerFailed(name, evaluation.error));
  });
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
