import type { EvalSet } from '@loadout/eval';
import { writeFileAtomic } from '../io/write-file-atomic.js';
import type { CliContext } from '../io/cli-context.js';
import { renderEvalReport } from '../format/eval-report-html.js';
import { learnedRankerName } from '../format/learning-view.js';
import { compareRuns, runMisses, type EvalComparison, type RankerRun } from './eval-comparison.js';
import type { EvalFeedback } from './eval-feedback.js';

/**
 * Writes `--report FILE.html` (atomically: a failed write leaves no partial page) and says where on stderr.
 * With `--feedback` (`learning`), the page names what ran as `search --feedback` does (`bm25f + learned`
 * when learning is on) and states the learning decision. `comparison` is the terminal's, when it printed one
 * (several rankers); the runs are compared here otherwise.
 */
export async function writeReport(
  path: string,
  context: CliContext,
  comparison: EvalComparison | undefined,
  runs: readonly RankerRun[],
  evalSet: EvalSet,
  misses: number,
  learning?: EvalFeedback,
): Promise<void> {
  const named = learning === undefined ? runs : runs.map((run) => ({ ...run, ranker: learnedRankerName(run.ranker, learning.report) }));
  // The recommendation's words name the rankers: compared here under the names shown, unless the terminal's comparison already is that.
  const shown = learning === undefined && comparison !== undefined ? comparison : compareRuns(named, evalSet);
  const latencies = Object.fromEntries(named.map((run) => [run.ranker, run.outcomes.map((outcome) => outcome.ms)]));
  const worst = Object.fromEntries(named.map((run) => [run.ranker, runMisses(run, evalSet, misses)]));
  const learned = learning === undefined ? {} : { learning: { ranker: runs[0]!.ranker, report: learning.report, feedback: learning.path, events: learning.events, skips: learning.skips } };
  await writeFileAtomic(path, context.cwd, renderEvalReport(shown, { latencies, misses: worst, ...learned }));
  context.stderr(`loadout eval: report written to ${path}\n`);
}
