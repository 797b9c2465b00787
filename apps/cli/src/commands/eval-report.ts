import type { EvalSet } from '@loadout/eval';
import { EVAL_REPORT_FILE } from '../io/eval-report-file.js';
import { writeOutputFile } from '../io/guard-output-file.js';
import type { CliContext } from '../io/cli-context.js';
import { renderEvalReport } from '../format/eval-report-html.js';
import { learnedRankerName } from '../format/learning-view.js';
import { compareRuns, runMisses, type EvalComparison, type RankerRun } from './eval-comparison.js';
import type { EvalFeedback } from './eval-feedback.js';
import type { InSample } from './eval-in-sample.js';
import type { FeedbackOverlap } from './eval-feedback-overlap.js';

/** What the report shows per ranker beyond the comparison's figures. */
export interface ReportOptions {
  /** Worst queries shown per ranker; 0: no worst-queries section. */
  readonly misses: number;
  /** The rankers scored on queries their model was trained on (the `eval-in-sample` warning's), when any. */
  readonly inSample?: InSample | undefined;
  /** With `--feedback`: how many queries it holds; its warning, when there is one, is stated under the verdict. */
  readonly overlap?: FeedbackOverlap | undefined;
}

/**
 * Writes `--report FILE.html` (atomically: a failed write leaves no partial page) and says where on stderr.
 * With `--feedback` (`learning`), the page names what ran as `search --feedback` does (`bm25f + learned`
 * when learning is on) and states the learning decision. `comparison` is the terminal's, when it printed one
 * (several rankers); the runs are compared here otherwise. In-sample rankers
 * (`options.inSample`) are marked and the caveat stated.
 */
export async function writeReport(
  path: string,
  context: CliContext,
  comparison: EvalComparison | undefined,
  runs: readonly RankerRun[],
  evalSet: EvalSet,
  options: ReportOptions,
  learning?: EvalFeedback,
): Promise<void> {
  const rename = (ranker: string): string => (learning === undefined ? ranker : learnedRankerName(ranker, learning.report));
  const named = runs.map((run) => ({ ...run, ranker: rename(run.ranker) }));
  const inSample = options.inSample === undefined ? undefined : { ...options.inSample, rankers: options.inSample.rankers.map(rename) };
  const { misses } = options;
  // The recommendation's words name the rankers: compared here under the names shown, unless the terminal's comparison already is that.
  const shown = learning === undefined && comparison !== undefined ? comparison : compareRuns(named, evalSet, undefined, inSample);
  const latencies = Object.fromEntries(named.map((run) => [run.ranker, run.outcomes.map((outcome) => outcome.ms)]));
  // --misses 0 asks for none: the page then has no worst-queries section.
  const worst = misses === 0 ? {} : Object.fromEntries(named.map((run) => [run.ranker, runMisses(run, evalSet, misses)]));
  const learned = learning === undefined ? {} : { learning: { ranker: runs[0]!.ranker, report: learning.report, feedback: learning.path, events: learning.events, skips: learning.skips } };
  await writeOutputFile(path, context.cwd, EVAL_REPORT_FILE, renderEvalReport(shown, { latencies, misses: worst, ...learned, ...(inSample === undefined ? {} : { inSample }), ...(options.overlap?.warning === undefined ? {} : { overlapWarning: options.overlap.warning }) }));
  context.stderr(`loadout eval: report written to ${path}\n`);
}
