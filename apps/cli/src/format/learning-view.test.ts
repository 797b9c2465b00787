import { describe, expect, it } from 'vitest';
import type { FeedbackIssue, LearningReport } from '@loadout/learn';
import { describeFeedbackSkips, learnedRankerName, learningProgress, renderFeedbackIssues, renderLearningReport } from './learning-view.js';
import { createProgressReporter } from '../io/progress-reporter.js';

const scores = { 'recall@5': 0.5, 'ndcg@5': 0.4, 'mrr@10': 0.6 };
const report: LearningReport = {
  trainEvents: 8,
  heldOutEvents: 2,
  folds: 'newest',
  baseline: scores,
  learned: { ...scores, 'recall@5': 0.75, usageWeight: 1 },
  rerank: false,
  enabled: true,
  reason: 'wins',
};

describe('renderLearningReport', () => {
  it('prints the held-out comparison and the verdict', () => {
    expect(renderLearningReport(report, 'bm25f')).toEqual([
      'held-out comparison on 2 of 10 events, the newest (Recall@5 / NDCG@5 / MRR@10):',
      '  default (bm25f without usage)       50.0 / 40.0 / 60.0',
      '  learned (usage field)               75.0 / 40.0 / 60.0',
      'learned ranking ON (usage weight 1): it beat the default on the newest held-out events',
    ]);
  });

  it('aligns the figures of every row when a long ranker name makes the default row the longest label', () => {
    const reranked: LearningReport = { ...report, rerank: true, reranked: scores };
    const lines = renderLearningReport(reranked, 'rerank-glove').slice(1, 4);
    expect(lines[0]).toBe('  default (rerank-glove without usage) 50.0 / 40.0 / 60.0');
    expect(lines.map((line) => line.search(/\d+\.\d \//))).toEqual([39, 39, 39]);
  });

  it('groups its counts as the rest of the CLI does', () => {
    expect(renderLearningReport({ ...report, trainEvents: 86_667, heldOutEvents: 13_333 }, 'bm25f')[0]).toBe('held-out comparison on 13,333 of 100,000 events, the newest (Recall@5 / NDCG@5 / MRR@10):');
    const issues = (count: number): FeedbackIssue[] => Array.from({ length: count }, (_, index) => ({ code: 'feedback-invalid-line', line: index + 1, message: `line ${index + 1}: not valid JSON` }));
    expect(renderFeedbackIssues('learn', 's.jsonl', issues(1_011)).split('\n').at(-2)).toBe('loadout learn: s.jsonl: 1,001 more lines skipped');
    expect(renderFeedbackIssues('learn', 's.jsonl', issues(11)).split('\n').at(-2)).toBe('loadout learn: s.jsonl: 1 more line skipped');
  });

  it('prints no table when nothing was held out (too few events), only the verdict', () => {
    const few: LearningReport = { ...report, trainEvents: 1, heldOutEvents: 0, enabled: false, reason: 'too-few-events' };
    expect(renderLearningReport(few, 'bm25f')).toEqual(['learned ranking OFF: too few events to judge (need at least 35: each of the 3 held-out folds, a fifth of the events, must hold 7 or more); 1 event so far']);
  });
});

describe('learningProgress', () => {
  it('counts learn\'s steps on across judging and fitting, on one clock: the trial\'s "7/8 (14.4 s)" then "7/8 (0.0 s)"', () => {
    const lines: string[] = [];
    let time = 0;
    const progress = learningProgress(createProgressReporter({ write: (text) => lines.push(text), prefix: 'loadout eval', now: () => time }));
    progress({ phase: 'judging', done: 0, total: 8 });
    time = 14_400;
    progress({ phase: 'judging', done: 7, total: 8 });
    progress({ phase: 'fitting', done: 7, total: 8 });
    time = 16_000;
    progress({ phase: 'fitting', done: 8, total: 8 });
    expect(lines).toEqual([
      'loadout eval: learning 7/8: fitting and judging on held-out folds (14.4 s)\n',
      'loadout eval: learning 7/8: fitting on every event (14.4 s)\n',
      'loadout eval: learning 8/8: fitting on every event (16.0 s)\n',
    ]);
  });
});

describe('learnedRankerName', () => {
  it('names what ran as search --feedback does: the ranker, plus "learned" only when learning is on', () => {
    expect(learnedRankerName('bm25f', report)).toBe('bm25f + learned');
    expect(learnedRankerName('bm25f', { ...report, enabled: false, reason: 'no-gain' })).toBe('bm25f');
  });
});

describe('describeFeedbackSkips', () => {
  it('says lines skipped and tool names dropped, each in the singular for one, and nothing for none', () => {
    expect(describeFeedbackSkips({ lines: 1, droppedTools: 1 })).toEqual(['1 line skipped', '1 unknown tool name dropped']);
    expect(describeFeedbackSkips({ lines: 2, droppedTools: 3 })).toEqual(['2 lines skipped', '3 unknown tool names dropped']);
    expect(describeFeedbackSkips({ lines: 0, droppedTools: 0 })).toEqual([]);
    expect(describeFeedbackSkips({ lines: 0, droppedTools: 0 }, { always: true })).toEqual(['0 lines skipped']);
    expect(describeFeedbackSkips({ lines: 1_234, droppedTools: 56_789 })).toEqual(['1,234 lines skipped', '56,789 unknown tool names dropped']);
  });
});
