import type { CatalogTool, Ranker, RankerLearnedPart } from '@loadout/core';
import type { UsageRankerFactory } from '@loadout/core/plugins';
import { learnFromFeedback } from '@loadout/learn';
import type { LearningReport } from '@loadout/learn';
import type { FeedbackIssue } from '@loadout/learn';
import type { CliContext } from '../io/cli-context.js';
import { countFeedbackSkips, readFeedbackFile } from '../io/read-feedback-file.js';
import type { FeedbackSkips } from '../io/read-feedback-file.js';
import { learningProgress } from '../format/learning-view.js';
import type { ProgressReporter } from '../io/progress-reporter.js';
import { isDatabaseStore } from '../io/open-feedback-store.js';
import { redactUrl } from '@loadout/core/utils';

/** What `loadout eval --feedback F` learned before answering the queries. */
export interface EvalFeedback {
  /** F, as the command line names it (a `postgres://` URL through core's `redactUrl`). */
  readonly path: string;
  readonly ranker: Ranker;
  readonly report: LearningReport;
  readonly events: number;
  readonly issues: readonly FeedbackIssue[];
  /** F's lines skipped, and unknown tool names dropped from the lines used. */
  readonly skips: FeedbackSkips;
}

/** Options of {@link learnForEval}. */
export interface LearnForEvalOptions {
  /** F's size limit in bytes (`--max-feedback`). Default 64 MiB. */
  readonly maxFeedbackBytes?: number | undefined;
  /** Called once F is read, before the (long) learning: F as messages name it (a URL masked) and the query texts of its usable events. */
  readonly onRead?: (read: { readonly path: string; readonly queries: ReadonlySet<string> }) => void;
}

/**
 * Learns from `F` (a file of events, or a `postgres://` store as search
 * --feedback names one: its events) exactly as a deployment learns from its log: each line
 * (the queries file's format, or store events) is a past search whose gold
 * tools were called; the usage field is fitted and compared with the
 * default on held-out lines (`learnFromFeedback`), and used (refitted on
 * every line) only when it wins; progress goes to `progress` (the command's reporter). Every ranker learning builds is the chosen ranker's
 * (`withUsage`, through its definition's `capabilities.usage`), trying only
 * the parts it `learns`. Bad lines are reported on stderr with their code
 * and skipped. A file with no usable line (empty, every line skipped, or
 * over `maxFeedbackBytes`, default 64 MiB) stops the evaluation as it stops
 * `loadout learn`: `feedback-empty` or `feedback-too-large`, exit 2.
 */
export async function learnForEval(
  path: string,
  tools: readonly CatalogTool[],
  context: CliContext,
  ranker: { readonly learns: readonly RankerLearnedPart[]; readonly withUsage: UsageRankerFactory },
  progress: ProgressReporter,
  options: LearnForEvalOptions = {},
): Promise<EvalFeedback> {
  const { events, issues } = await readFeedbackFile(path, tools, context, { command: 'eval', maxBytes: options.maxFeedbackBytes, unchanged: 'nothing was evaluated', database: true });
  const shown = isDatabaseStore(path) ? redactUrl(path) : path;
  options.onRead?.({ path: shown, queries: new Set(events.map((event) => event.query)) });
  const learned = await learnFromFeedback({ tools, events, ranker: ranker.withUsage, learns: ranker.learns, onProgress: learningProgress(progress) });
  return { path: shown, ranker: learned.ranker, report: learned.report, events: events.length, issues, skips: countFeedbackSkips(issues) };
}
