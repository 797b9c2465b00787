import { resolve } from 'node:path';
import type { CatalogTool, Ranker, RankerLearnedPart } from '@loadout/core';
import type { UsageRankerFactory } from '@loadout/core/plugins';
import { learnFromFeedback } from '@loadout/learn';
import type { LearningReport } from '@loadout/learn';
import type { FeedbackIssue } from '@loadout/learn';
import type { CliContext } from '../io/cli-context.js';
import { readCommandFeedback } from '../io/read-command-feedback.js';
import { learningProgress, renderFeedbackIssues } from '../format/learning-view.js';
import { createProgressReporter } from '../io/progress-reporter.js';

/** What `loadout eval --feedback F` learned before answering the queries. */
export interface EvalFeedback {
  readonly ranker: Ranker;
  readonly report: LearningReport;
  readonly events: number;
  readonly issues: readonly FeedbackIssue[];
}

/**
 * Learns from `F` exactly as a deployment learns from its log: each line
 * (the queries file's format, or store events) is a past search whose gold
 * tools were called; the usage field is fitted and compared with the
 * default on held-out lines (`learnFromFeedback`), and used (refitted on
 * every line) only when it wins; progress goes to stderr. Every ranker learning builds is the chosen ranker's
 * (`withUsage`, through its definition's `capabilities.usage`), trying only
 * the parts it `learns`. Bad lines are reported on stderr with their code
 * and skipped; they never stop the evaluation. A file over
 * `maxFeedbackBytes` (default 64 MiB) is reported (`feedback-too-large`).
 */
export async function learnForEval(
  path: string,
  tools: readonly CatalogTool[],
  context: CliContext,
  ranker: { readonly learns: readonly RankerLearnedPart[]; readonly withUsage: UsageRankerFactory },
  maxFeedbackBytes?: number,
): Promise<EvalFeedback> {
  const { events, issues } = await readCommandFeedback(resolve(context.cwd, path), tools, { kind: 'events' }, maxFeedbackBytes);
  if (events.length === 0 && issues.length === 0) {
    // The feedback store reads a missing file as empty; a FILE named on the command line must exist.
    const { readTextFile } = await import('@loadout/eval/files');
    await readTextFile(path, { cwd: context.cwd });
  }
  context.stderr(renderFeedbackIssues('eval', path, issues));
  const progress = createProgressReporter({ write: context.stderr, prefix: 'loadout eval' });
  const learned = await learnFromFeedback({ tools, events, ranker: ranker.withUsage, learns: ranker.learns, onProgress: learningProgress(progress) });
  return { ranker: learned.ranker, report: learned.report, events: events.length, issues };
}
