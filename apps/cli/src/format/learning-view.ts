import { MIN_FOLD_EVENTS } from '@loadout/learn';
import type { FeedbackIssue, LearningProgress, LearningReport } from '@loadout/learn';
import type { QualityScores } from '@loadout/eval';
import type { ProgressReporter } from '../io/progress-reporter.js';
import type { FeedbackSkips } from '../io/read-feedback-file.js';
import { countOf } from './count-of.js';
import { formatCount } from './render-table.js';

const percent = (share: number): string => (share * 100).toFixed(1);

/** Least width of the comparison's labels, with the space before the figures; a longer label (a long ranker's name in `default (… without usage)`) widens the column for every row. */
const LABEL = 36;

/** What ran, as `search --feedback` names it: `bm25f + learned` when learning is on, else the ranker alone. */
export function learnedRankerName(ranker: string, report: LearningReport): string {
  return report.enabled ? `${ranker} + learned` : ranker;
}

/** The learning decision and why, as one sentence: `learned ranking ON (usage weight 1, re-ranker): it beat the default on ...`. */
export function learningVerdict(report: LearningReport): string {
  const where = report.folds === 'newest' ? 'the newest held-out events' : `held-out events (seeded random folds, seed ${report.seed ?? 29}: not every event has a time of its own, so time does not order them)`;
  if (report.reason === 'wins') return `learned ranking ON (usage weight ${report.learned.usageWeight}${report.rerank ? ', re-ranker' : ''}): it beat the default on ${where}`;
  if (report.reason === 'no-gain') return `learned ranking OFF: it did not beat the default on ${where}`;
  const events = report.trainEvents + report.heldOutEvents;
  return `learned ranking OFF: too few events to judge (need at least ${MIN_FOLD_EVENTS * 5}: each of the 3 held-out folds, a fifth of the events, must hold ${MIN_FOLD_EVENTS} or more); ${countOf(events, 'event')} so far`;
}

/** The held-out comparison's rows (none when nothing was held out: a table of zeros would read as measured) and what they were judged on. */
export function learningComparison(report: LearningReport, ranker: string): { readonly caption: string; readonly rows: readonly { readonly label: string; readonly scores: QualityScores }[] } {
  if (report.heldOutEvents === 0) return { caption: '', rows: [] };
  return {
    caption: `held-out comparison on ${formatCount(report.heldOutEvents)} of ${countOf(report.trainEvents + report.heldOutEvents, 'event')}, ${report.folds === 'newest' ? 'the newest' : `seeded random folds (seed ${report.seed ?? 29})`}`,
    rows: [
      { label: `default (${ranker} without usage)`, scores: report.baseline },
      { label: 'learned (usage field)', scores: report.learned },
      ...(report.reranked === undefined ? [] : [{ label: 'learned (usage field + re-ranker)', scores: report.reranked }]),
    ],
  };
}

/** Lines of the held-out comparison `loadout learn` and `loadout eval --feedback` print, for the ranker named `ranker`. */
export function renderLearningReport(report: LearningReport, ranker: string): string[] {
  const { caption, rows } = learningComparison(report, ranker);
  const width = Math.max(LABEL - 1, ...rows.map((row) => row.label.length));
  const line = ({ label, scores }: (typeof rows)[number]): string => `  ${label.padEnd(width)} ${percent(scores['recall@5'])} / ${percent(scores['ndcg@5'])} / ${percent(scores['mrr@10'])}`;
  if (rows.length === 0) return [learningVerdict(report)];
  return [`${caption} (Recall@5 / NDCG@5 / MRR@10):`, ...rows.map(line), learningVerdict(report)];
}

/** A feedback file's skips in words: `2 lines skipped`, `1 unknown tool name dropped` (each only when not 0, unless `always` names the lines skipped). */
export function describeFeedbackSkips(skips: FeedbackSkips, options: { readonly always?: boolean } = {}): string[] {
  return [
    ...(skips.lines > 0 || options.always === true ? [`${countOf(skips.lines, 'line')} skipped`] : []),
    ...(skips.droppedTools > 0 ? [`${countOf(skips.droppedTools, 'unknown tool name')} dropped`] : []),
  ];
}

/** One stderr line per skipped feedback line (code and line number, never the line's text); at most `limit`, then a count. */
export function renderFeedbackIssues(command: string, source: string, issues: readonly FeedbackIssue[], limit = 10): string {
  const lines = issues.slice(0, limit).map((issue) => `loadout ${command}: ${source}: ${issue.message} [${issue.code}]`);
  if (issues.length > limit) lines.push(`loadout ${command}: ${source}: ${countOf(issues.length - limit, 'more line')} skipped`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * `learnFromFeedback`'s progress as steps of one phase, `learning`, whose
 * count (learn's steps over both) and clock run on: what it does, judging
 * on the held-out folds then fitting on every event, is the detail
 * (`learning 7/8: fitting on every event (14.4 s)`).
 */
export function learningProgress(reporter: ProgressReporter): (progress: LearningProgress) => void {
  return ({ phase, done, total }) => reporter.step('learning', done, total, phase === 'judging' ? 'fitting and judging on held-out folds' : 'fitting on every event');
}
