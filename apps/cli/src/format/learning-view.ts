import type { FeedbackIssue, LearningProgress, LearningReport } from '@loadout/learn';
import type { ProgressReporter } from '../io/progress-reporter.js';

const percent = (share: number): string => (share * 100).toFixed(1);

/** Width of the comparison's labels: the longest, 'learned (usage field + re-ranker)', keeps a space before its figures. */
const LABEL = 36;

/** Lines of the held-out comparison `loadout learn` and `loadout eval --feedback` print, for the ranker named `ranker`. */
export function renderLearningReport(report: LearningReport, ranker: string): string[] {
  const where = report.folds === 'newest' ? 'the newest held-out events' : `held-out events (seeded random folds, seed ${report.seed ?? 29}: not every event has a time of its own, so time does not order them)`;
  const verdict =
    report.reason === 'wins'
      ? `learned ranking ON (usage weight ${report.learned.usageWeight}${report.rerank ? ', re-ranker' : ''}): it beat the default on ${where}`
      : report.reason === 'no-gain'
        ? `learned ranking OFF: it did not beat the default on ${where}`
        : 'learned ranking OFF: too few events to judge (need at least 5, a fifth held out)';
  const line = (label: string, scores: LearningReport['baseline']): string => `  ${label.padEnd(LABEL - 1)} ${percent(scores['recall@5'])} / ${percent(scores['ndcg@5'])} / ${percent(scores['mrr@10'])}`;
  // Nothing was held out: a table of zeros would read as measured.
  if (report.heldOutEvents === 0) return [`${verdict}; ${report.trainEvents} ${report.trainEvents === 1 ? 'event' : 'events'} so far`];
  return [
    `held-out comparison on ${report.heldOutEvents} of ${report.trainEvents + report.heldOutEvents} events, ${report.folds === 'newest' ? 'the newest' : `seeded random folds (seed ${report.seed ?? 29})`} (Recall@5 / NDCG@5 / MRR@10):`,
    line(`default (${ranker} without usage)`, report.baseline),
    line('learned (usage field)', report.learned),
    ...(report.reranked === undefined ? [] : [line('learned (usage field + re-ranker)', report.reranked)]),
    verdict,
  ];
}

/** One stderr line per skipped feedback line (code and line number, never the line's text); at most `limit`, then a count. */
export function renderFeedbackIssues(command: string, source: string, issues: readonly FeedbackIssue[], limit = 10): string {
  const lines = issues.slice(0, limit).map((issue) => `loadout ${command}: ${source}: ${issue.message} [${issue.code}]`);
  if (issues.length > limit) lines.push(`loadout ${command}: ${source}: ${issues.length - limit} more lines skipped`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** `learnFromFeedback`'s progress as reporter steps: judging on the held-out folds, then fitting on every event. */
export function learningProgress(reporter: ProgressReporter): (progress: LearningProgress) => void {
  return ({ phase, done, total }) => reporter.step(phase === 'judging' ? 'learning: fitting and judging on held-out folds' : 'learning: fitting on every event', done, total);
}
