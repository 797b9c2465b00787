import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createLoadoutError, isLoadoutError } from '@loadout/core';
import type { CatalogTool, LoadoutErrorCode, MaybePromise, Ranker, RankerLearnedPart, RankerUsageField } from '@loadout/core';
import type { UsageRankerFactory } from '@loadout/core/plugins';
import type { CliContext } from '../io/cli-context.js';
import { readCommandFeedback } from '../io/read-command-feedback.js';
import { isDatabaseStore, openFeedbackStore } from '../io/open-feedback-store.js';
import { renderFeedbackIssues } from '../format/learning-view.js';
import { checkLearnedRanker } from './learned-ranker-choice.js';

/** Options of {@link loadLearnedRankerFactory}: the ranker learning is applied to (its name, what its definition `learns`, its `withUsage` factory), and how. */
export interface LearnedRankerOptions {
  readonly name: string;
  readonly learns: readonly RankerLearnedPart[];
  readonly withUsage: UsageRankerFactory;
  /** The command the notes on stderr name. */
  readonly command: 'search' | 'serve';
  /** Largest store read. Default 64 MiB. */
  readonly maxFeedbackBytes?: number;
  /** A damaged or out-of-range decision throws `learned-decision-invalid`, one learned for another ranker `learned-other-ranker`, instead of a warning. Default false. */
  readonly strict?: boolean;
}

/**
 * The learned ranker of a feedback store (read once, here) as a factory of
 * fresh, unindexed rankers: the usage field, plus the model when the
 * decision has one and the ranker `learns` it. Undefined, with
 * a note on stderr, when learning is off, undecided or unreadable.
 */
export async function loadLearnedRankerFactory(
  store: string,
  tools: readonly CatalogTool[] | undefined,
  context: CliContext,
  options: LearnedRankerOptions,
): Promise<(() => MaybePromise<Ranker>) | undefined> {
  const note = (message: string, level: 'info' | 'warn' = 'info'): void => context.stderr(options.command === 'serve' ? `loadout serve ${level}: ${message}\n` : `loadout ${options.command}: ${level === 'warn' ? 'warning: ' : ''}${message}\n`);
  const doing = options.command === 'search' ? 'searching' : 'serving';
  const path = isDatabaseStore(store) ? store : resolve(context.cwd, store);
  // Nothing to learn from (no store there, a folder, no events) is said, never run as "learned"; with --strict it is refused.
  const without = (code: LoadoutErrorCode, message: string, at = isDatabaseStore(store) ? undefined : path): undefined => {
    if (options.strict === true) throw createLoadoutError(code, message, { path: at });
    note(`${message}; ${doing} without usage [${code}]`, 'warn');
    return undefined;
  };
  const info = isDatabaseStore(store) ? undefined : await stat(path).catch(() => null);
  if (info?.isDirectory() === true) return without('file-unreadable', `${path} is a folder; --feedback names the store file (${join(path, 'feedback.jsonl')}, say)`);
  if (info === null) return without('file-not-found', `there is no feedback store at ${path} (loadout learn or serve --record writes one)`);
  const feedbackStore = await openFeedbackStore(store, context.cwd);
  const decisionPath = feedbackStore.decisionLocation;
  const read = await feedbackStore.readDecision();
  if (read.kind === 'unreadable') return without('learned-decision-invalid', `${decisionPath} cannot be used: ${read.reason}; run loadout learn again to rewrite it`, decisionPath);
  if (read.kind === 'other-store') return without('learned-decision-invalid', `${decisionPath} is the decision of ${read.store}, another store in this folder, not of ${store}; keep each feedback store in a folder of its own`, decisionPath);
  if (read.kind === 'missing' || !read.decision.enabled) {
    note(`${read.kind === 'missing' ? `no learning decision at ${decisionPath} (run loadout learn)` : `learning is off in ${decisionPath}`}; ${doing} without usage`);
    return undefined;
  }
  const { events, issues } = await readCommandFeedback(path, tools, { kind: 'store', store }, options.maxFeedbackBytes);
  context.stderr(renderFeedbackIssues(options.command, store, issues.filter((issue) => issue.code !== 'feedback-unknown-tool' && issue.code !== 'feedback-ambiguous-tool')));
  const tooLarge = issues.find((issue) => issue.code === 'feedback-too-large');
  if (tooLarge !== undefined) return without('feedback-too-large', tooLarge.message);
  if (events.length === 0) return without('feedback-empty', `${store} holds no usage event of this catalog's tools, so the decision in ${decisionPath} has nothing to apply`);
  checkLearnedRanker(read.decision.ranker, options.name, decisionPath, options.strict, (message) => note(message, 'warn'));
  const { createUsageField } = await import('@loadout/bm25');
  const usage: RankerUsageField = { text: createUsageField(events).text, weight: read.decision.usageWeight };
  const fieldAlone = (): MaybePromise<Ranker> => options.withUsage(usage);
  if (read.decision.model === undefined) return fieldAlone;
  if (!options.learns.includes('model')) {
    note(`ranker ${JSON.stringify(options.name)} cannot apply the learned re-ranking model (its capabilities.usage.learns lacks "model"); ${doing} with the usage field alone`, 'warn');
    return fieldAlone;
  }
  const withModel: RankerUsageField = { ...usage, model: read.decision.model };
  const built: Ranker[] = [];
  try {
    // Built here, so a model the ranker refuses is found now, not on the first index generation; the first call takes it.
    built.push(await options.withUsage(withModel));
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    note(`the re-ranking model in ${decisionPath} is unreadable [${error.code}]; ${doing} with the usage field alone`, 'warn');
    return fieldAlone;
  }
  return () => built.pop() ?? options.withUsage(withModel);
}
