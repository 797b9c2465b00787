import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { Ranker, SearchHit } from '@loadout/core';

/** Timeouts in a row after which `loadout eval` stops asking a ranker: each costs the plug-in's whole budget (2 s). */
export const TIMEOUTS_IN_A_ROW = 3;

/**
 * `ranker` for an evaluation that gives up on it after
 * {@link TIMEOUTS_IN_A_ROW} `ranker-timeout` failures in a row: its later
 * searches fail at once with `ranker-timeout` saying so, and count as
 * failed queries, instead of each waiting out the budget (a hung plug-in
 * held `eval` for about 2 s a query: 124 s on 45 queries). Any answer or
 * other failure resets the count. A synchronous ranker stays synchronous.
 */
export function withTimeoutBreaker(ranker: Ranker): Ranker {
  let inRow = 0;
  const answered = (hits: readonly SearchHit[]): readonly SearchHit[] => {
    inRow = 0;
    return hits;
  };
  const failed = (error: unknown): never => {
    inRow = isLoadoutError(error) && error.code === 'ranker-timeout' ? inRow + 1 : 0;
    throw error;
  };
  const search: Ranker['search'] = (query, options) => {
    if (inRow >= TIMEOUTS_IN_A_ROW) {
      throw createLoadoutError('ranker-timeout', `ranker ${JSON.stringify(ranker.name)} timed out on ${TIMEOUTS_IN_A_ROW} queries in a row, so eval stopped asking it: its remaining queries count as failed`, {
        ranker: ranker.name,
      });
    }
    try {
      const answer = ranker.search(query, options);
      return answer instanceof Promise ? answer.then(answered, failed) : answered(answer);
    } catch (error) {
      return failed(error);
    }
  };
  return Object.assign(Object.create(ranker) as Ranker, { search });
}
