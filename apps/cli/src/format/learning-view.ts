import type { LearningReport } from '@loadout/learn';
import type { FeedbackIssue } from '@loadout/learn';

const percent = (share: number): string => (share * 100).toFixed(1);

/** Width of the comparison's labels: the longest, 'learned (usage + re-ranker, siblings blended)', keeps a space before its figures. */
const LABEL = 46;

/** Lines of the held-out comparison `loadout learn` and `loadout eval --feedback` print. */
export function renderLearningReport(report: LearningReport): string[] {
  const verdict =
    report.reason === 'wins'
      ? `learned ranking ON (usage weight ${report.learned.usageWeight}, usage prior ${report.learned.usagePriorWeight}${report.rerank ? `${report.warmStart ? ', re-ranker with a warm start from the shipped model' : ', re-ranker'}${report.siblingBlend ? ' blended with and without sibling features' : report.siblings ? ' with sibling features' : ''}${report.neighbours ? ', reading how the nearest past searches\' tools are named' : ''}` : ''}): it beat the default on the newest held-out events`
      : report.reason === 'no-gain'
        ? 'learned ranking OFF: it did not beat the default on the newest held-out events'
        : 'learned ranking OFF: too few events to judge (need at least 5, the newest fifth held out)';
  return [
    `held-out comparison on the newest ${report.heldOutEvents} of ${report.trainEvents + report.heldOutEvents} events (Recall@5 / NDCG@5 / MRR@10):`,
    `  ${'default (model-free BM25F)'.padEnd(LABEL)}${percent(report.baseline['recall@5'])} / ${percent(report.baseline['ndcg@5'])} / ${percent(report.baseline['mrr@10'])}`,
    `  ${(report.learned.usagePriorWeight > 0 ? 'learned (usage field + prior)' : 'learned (usage field)').padEnd(LABEL)}${percent(report.learned['recall@5'])} / ${percent(report.learned['ndcg@5'])} / ${percent(report.learned['mrr@10'])}`,
    ...(report.rerankFits ?? (report.reranked === undefined ? [] : [{ warmStart: report.warmStart, siblings: report.siblings, siblingBlend: report.siblingBlend, scores: report.reranked }])).map(
      ({ warmStart, siblings, siblingBlend, scores }) =>
        `  ${`${warmStart ? 'learned (+ warm re-ranker' : 'learned (usage + re-ranker'}${siblingBlend ? ', siblings blended)' : siblings ? ', siblings)' : ')'}`.padEnd(LABEL)}${percent(scores['recall@5'])} / ${percent(scores['ndcg@5'])} / ${percent(scores['mrr@10'])}`,
    ),
    verdict,
  ];
}

/** One stderr line per skipped feedback line (code and line number, never the line's text); at most `limit`, then a count. */
export function renderFeedbackIssues(command: string, source: string, issues: readonly FeedbackIssue[], limit = 10): string {
  const lines = issues.slice(0, limit).map((issue) => `loadout ${command}: ${source}: ${issue.message} [${issue.code}]`);
  if (issues.length > limit) lines.push(`loadout ${command}: ${source}: ${issues.length - limit} more lines skipped`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
