import { goldGroups, pairedBootstrap, queryRepeats, recommendRanker, worstQueries } from '@loadout/eval';
import type { DifferenceInterval, EvalSet, EvaluationResult, GoldGroups, QueryOutcome } from '@loadout/eval';
import type { InSample } from './eval-in-sample.js';
import { splitFirstError, type EvalFirstError } from './eval-first-error.js';

/** One ranker's run of `loadout eval`: its summary and every query's outcome, in set order. */
export interface RankerRun {
  readonly ranker: string;
  readonly result: EvaluationResult;
  readonly outcomes: readonly QueryOutcome[];
  /** The config's `rankerOptions`, when this ranker ran with them (labelled `bm25f {k1: 1}`, and `options` in `--json`). */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** A query a ranker missed, as `--misses` shows it. */
export interface EvalMiss {
  readonly id: string;
  readonly query: string;
  /** The expected tools (display names). */
  readonly relevant: readonly string[];
  /** What the ranker returned, best first (display names, at most 5). */
  readonly got: readonly string[];
  /** When the search failed: its error, split as `firstError` is (added to the contract; absent for a query answered). */
  readonly error?: EvalFirstError;
  /** The expected tools as the metrics count them: any-of groups (`relevant_groups`), else one group per tool. Not enumerable, so `--json` keeps the contract's four keys. */
  readonly groups?: GoldGroups;
}

/** One ranker's row of the comparison (the `--json` contract of issue 29). */
export interface ComparedRanker {
  readonly ranker: string;
  readonly 'recall@5': number;
  readonly 'ndcg@5': number;
  readonly 'mrr@10': number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly buildMs: number;
  readonly failedQueries: number;
  /** Recall@5 minus the baseline's, per query, with its paired bootstrap 95% interval (fractions, as recall@5). */
  readonly vsBaseline: { readonly 'recall@5': DifferenceInterval };
  /** With `--misses N`: the N worst queries. */
  readonly misses?: readonly EvalMiss[];
  /** When any query failed: the first failure (added to the contract; a ranker that failed every query shows 0 for its timings). */
  readonly firstError?: EvalFirstError;
  /** True when the ranker runs a model trained on the queries (the `eval-in-sample` warning names it): its figures overstate it. Absent otherwise. */
  readonly inSample?: true;
  /** The config's `rankerOptions` this ranker ran with (added to the contract; absent when it ran with its defaults). */
  readonly options?: Readonly<Record<string, unknown>>;
}

/** What `loadout eval --ranker a,b,c --json` prints. */
export interface EvalComparison {
  readonly set: string;
  readonly tools: number;
  readonly queries: number;
  /** The first ranker named. */
  readonly baseline: string;
  readonly rankers: readonly ComparedRanker[];
  readonly recommended: string;
  readonly reason: string;
}

/** Resamples of the paired bootstrap (the issue asks for at least 1,000) and its fixed seed. */
export const BOOTSTRAP = { resamples: 2000, seed: 29 } as const;

/** The `count` worst queries of a run, as `--misses` shows them. */
export function runMisses(run: RankerRun, evalSet: EvalSet, count: number): EvalMiss[] {
  return worstQueries(run.outcomes, count).map((outcome) => {
    const query = evalSet.queries[outcome.index]!;
    const miss = { id: query.id, query: query.query, relevant: query.relevant, got: outcome.got.slice(0, 5), ...(outcome.error === undefined ? {} : { error: splitFirstError(outcome.error) }) };
    return Object.defineProperty(miss, 'groups', { value: goldGroups(query), enumerable: false });
  });
}

/**
 * Compares runs on the same queries: the first is the baseline; each
 * ranker's Recall@5 difference comes with a paired bootstrap 95% interval
 * ({@link BOOTSTRAP}) drawn by query text (`queryRepeats`: a text listed
 * several times is one unit, and the switch threshold and the near-tie
 * count it once); `recommended` and `reason` follow `recommendRanker`,
 * given every query's latency.
 * `misses` (a count) adds each ranker's worst queries. The rankers `inSample`
 * names (those the `eval-in-sample` warning names) are scored on queries
 * their model was trained on: never recommended, and the reason says so.
 */
export function compareRuns(runs: readonly RankerRun[], evalSet: EvalSet, misses?: number, inSample?: InSample): EvalComparison {
  const baseline = runs[0]!;
  const recalls = (run: RankerRun): number[] => run.outcomes.map((outcome) => outcome.scores['recall@5']);
  const base = recalls(baseline);
  // A text listed several times is one query to resample: copies of a line are not new evidence.
  const { units, distinct } = queryRepeats(evalSet.queries);
  const rankers = runs.map((run): ComparedRanker => {
    const { result } = run;
    const vs = run === baseline ? { diff: 0, low: 0, high: 0 } : pairedBootstrap(base, recalls(run), { ...BOOTSTRAP, units });
    return {
      ranker: run.ranker,
      'recall@5': result['recall@5'],
      'ndcg@5': result['ndcg@5'],
      'mrr@10': result['mrr@10'],
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      buildMs: result.buildMs,
      failedQueries: result.failedQueries,
      vsBaseline: { 'recall@5': vs },
      ...(misses === undefined ? {} : { misses: runMisses(run, evalSet, misses) }),
      ...(result.failedQueries === 0 ? {} : { firstError: splitFirstError(result.firstError ?? 'unknown') }),
      ...(inSample?.rankers.includes(run.ranker) === true ? { inSample: true as const } : {}),
      ...(run.options === undefined ? {} : { options: run.options }),
    };
  });
  const { recommended, reason } = recommendRanker(
    rankers.map((row, index) => ({
      ranker: row.ranker,
      recall: row['recall@5'],
      p50Ms: row.p50Ms,
      // Each query's latency, paired across rankers: a near-tie goes to the faster one only when it is faster beyond noise.
      latencies: runs[index]!.outcomes.map((outcome) => outcome.ms),
      failedQueries: row.failedQueries,
      vsBaseline: row.vsBaseline['recall@5'],
      ...(row.inSample === true ? { trainedOn: inSample!.trained } : {}),
    })),
    { queries: distinct, units },
  );
  return { set: evalSet.name, tools: baseline.result.tools, queries: baseline.result.queries, baseline: baseline.ranker, rankers, recommended, reason };
}
