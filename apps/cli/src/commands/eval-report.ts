import type { EvalSet } from '@loadout/eval';
import { writeFileAtomic } from '../io/write-file-atomic.js';
import type { CliContext } from '../io/cli-context.js';
import { renderEvalReport } from '../format/eval-report-html.js';
import { runMisses, type EvalComparison, type RankerRun } from './eval-comparison.js';

/** Writes `--report FILE.html` (atomically: a failed write leaves no partial page) and says where on stderr. */
export async function writeReport(path: string, context: CliContext, comparison: EvalComparison, runs: readonly RankerRun[], evalSet: EvalSet, misses: number): Promise<void> {
  const latencies = Object.fromEntries(runs.map((run) => [run.ranker, run.outcomes.map((outcome) => outcome.ms)]));
  const worst = Object.fromEntries(runs.map((run) => [run.ranker, runMisses(run, evalSet, misses)]));
  await writeFileAtomic(path, context.cwd, renderEvalReport(comparison, { latencies, misses: worst }));
  context.stderr(`loadout eval: report written to ${path}\n`);
}
