/** A ranker of a comparison with how many of its queries its model was trained on (`trainedOn`, 0 or absent: none). */
export interface TrainedStanding {
  readonly ranker: string;
  readonly trainedOn?: number;
}

/** Whether the ranker is scored on queries its model was trained on: its figures overstate it. */
export const inSample = (standing: TrainedStanding): boolean => (standing.trainedOn ?? 0) > 0;

const count = (value: number): string => value.toLocaleString('en-US');
const names = (list: readonly string[]): string => (list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`);

/**
 * The words for rankers other than the baseline that are in-sample:
 * `rerank and rerank-glove were trained on 111 of these queries, so they are
 * not compared fairly and cannot be chosen` (rankers trained on different
 * counts are named per count). Empty when there are none.
 */
export function unfairRankers(others: readonly TrainedStanding[]): string {
  const trained = others.filter(inSample);
  if (trained.length === 0) return '';
  const counts = [...new Set(trained.map((standing) => standing.trainedOn!))];
  const groups = counts.map((value) => {
    const group = trained.filter((standing) => standing.trainedOn === value).map((standing) => standing.ranker);
    return `${names(group)} ${group.length === 1 ? 'was' : 'were'} trained on ${count(value)} of these queries`;
  });
  const one = trained.length === 1;
  return `${groups.join(', ')}, so ${one ? 'it is' : 'they are'} not compared fairly and cannot be chosen`;
}

/** The words for an in-sample baseline: its figures are inflated, and so is the bar the others had to clear. Empty when it is not in-sample. */
export function inflatedBaseline(baseline: TrainedStanding): string {
  if (!inSample(baseline)) return '';
  return `${baseline.ranker}, the baseline, was trained on ${count(baseline.trainedOn!)} of these queries, so its figures are inflated and the others are measured against an overstated bar: compare on queries of your own before deciding`;
}
