import type { EvalQuery } from '../eval-set/eval-set.js';

/** Gold tools as any-of groups: a query is answered group by group. */
export type GoldGroups = readonly (readonly string[])[];

/**
 * A query's gold as groups: its `relevantGroups` when present, else one
 * group per `relevant` name. Every metric of this package counts groups.
 */
export function goldGroups(query: Pick<EvalQuery, 'relevant' | 'relevantGroups'>): GoldGroups {
  return query.relevantGroups ?? query.relevant.map((name) => [name]);
}
