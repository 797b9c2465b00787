import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isLoadoutError } from '@loadout/core';
import type { CatalogTool, Ranker, RankerLearnedPart, RankerUsageField } from '@loadout/core';
import type { UsageRankerFactory } from '@loadout/core/plugins';
import type { CliContext } from '../io/cli-context.js';
import { readCommandFeedback } from '../io/read-command-feedback.js';
import { renderFeedbackIssues } from '../format/learning-view.js';

/** What `loadout learn` decided, as stored in `learned.json` beside the store. */
interface LearnedDecision {
  readonly enabled: boolean;
  readonly usageWeight: number;
  /** Weight of the usage prior; 0 in decisions written before it existed. */
  readonly usagePriorWeight: number;
  /** The re-ranking model fitted on the store, when learning chose the re-ranker. */
  readonly model?: unknown;
}

function readDecision(text: string): LearnedDecision | undefined {
  try {
    const value = JSON.parse(text) as Partial<LearnedDecision>;
    if (typeof value.enabled !== 'boolean' || typeof value.usageWeight !== 'number' || !(value.usageWeight >= 0 && value.usageWeight <= 100)) return undefined;
    const prior = value.usagePriorWeight ?? 0;
    if (typeof prior !== 'number' || !(prior >= 0 && prior <= 10)) return undefined;
    return { enabled: value.enabled, usageWeight: value.usageWeight, usagePriorWeight: prior, ...(value.model === undefined ? {} : { model: value.model }) };
  } catch {
    return undefined;
  }
}

/**
 * The learned ranker of a feedback store (`loadout learn`'s decision in
 * `learned.json` beside it), built through the chosen ranker's definition
 * (`capabilities.usage`, via `withUsage`): the usage field of the stored
 * events at the decided weight, plus the usage prior or the re-ranking
 * model when the decision has them and the definition `learns` them (a
 * part it lacks is left out, with a warning naming the ranker; a model the
 * ranker refuses means the usage field alone, with a note). Undefined when
 * learning is off, undecided or the decision unreadable (a note on stderr
 * says which). Never throws on a damaged store or decision: search then
 * runs the default. A store over `maxFeedbackBytes` (default 64 MiB) is
 * reported (`feedback-too-large`) and read as empty.
 */
export async function loadLearnedRanker(
  store: string,
  tools: readonly CatalogTool[],
  context: CliContext,
  ranker: { readonly name: string; readonly learns: readonly RankerLearnedPart[]; readonly withUsage: UsageRankerFactory },
  maxFeedbackBytes?: number,
): Promise<Ranker | undefined> {
  const path = resolve(context.cwd, store);
  const decisionPath = join(dirname(path), 'learned.json');
  let text: string;
  try {
    text = await readFile(decisionPath, 'utf8');
  } catch {
    context.stderr(`loadout search: no learning decision at ${decisionPath} (run loadout learn); searching without usage\n`);
    return undefined;
  }
  const decision = readDecision(text);
  if (decision === undefined || !decision.enabled) {
    context.stderr(`loadout search: learning is ${decision === undefined ? 'unreadable in' : 'off in'} ${decisionPath}; searching without usage\n`);
    return undefined;
  }
  const { events, issues } = await readCommandFeedback(path, tools, { kind: 'store', store }, maxFeedbackBytes);
  context.stderr(renderFeedbackIssues('search', store, issues.filter((issue) => issue.code !== 'feedback-unknown-tool')));
  const { createUsageField } = await import('@loadout/bm25');
  const field = createUsageField(events);
  const usage: RankerUsageField = { text: field.text, weight: decision.usageWeight };
  // The re-ranker was chosen over a first stage without the prior; the prior goes with the usage field alone.
  const part: RankerLearnedPart | undefined = decision.model !== undefined ? 'model' : decision.usagePriorWeight > 0 ? 'prior' : undefined;
  if (part === undefined) return ranker.withUsage(usage);
  if (!ranker.learns.includes(part)) {
    context.stderr(`loadout search: warning: ranker ${JSON.stringify(ranker.name)} cannot apply the learned ${part === 'model' ? 're-ranking model' : 'usage prior'} (its capabilities.usage.learns lacks "${part}"); searching with the usage field alone\n`);
    return ranker.withUsage(usage);
  }
  if (part === 'prior') return ranker.withUsage({ ...usage, prior: { calls: field.calls, weight: decision.usagePriorWeight } });
  try {
    return await ranker.withUsage({ ...usage, model: decision.model });
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    context.stderr(`loadout search: the re-ranking model in ${decisionPath} is unreadable [${error.code}]; searching with the usage field alone\n`);
    return ranker.withUsage(usage);
  }
}
