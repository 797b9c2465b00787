import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { RerankModel } from '@loadout/bm25';
import type { CatalogTool, Ranker, RankerUsageField } from '@loadout/core';
import { readFeedbackFile } from '@loadout/eval';
import type { CliContext } from '../io/cli-context.js';
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
 * `learned.json` beside it): the usage field of the stored events at the
 * decided weight, re-ranked by the decision's model when it has one (an
 * unreadable model falls back to the usage field alone), or undefined when learning is off, undecided or the
 * decision unreadable (a note on stderr says which). Never throws on a
 * damaged store or decision: search then runs the default.
 */
export async function loadLearnedRanker(
  store: string,
  tools: readonly CatalogTool[],
  context: CliContext,
  withUsage: (usage: RankerUsageField) => Promise<Ranker>,
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
  const knownTools = new Set<string>();
  for (const tool of tools) {
    knownTools.add(tool.name);
    knownTools.add(tool.displayName);
  }
  const { events, issues } = await readFeedbackFile(path, { knownTools });
  context.stderr(renderFeedbackIssues('search', store, issues.filter((issue) => issue.code !== 'feedback-unknown-tool')));
  const { compileRerankModel, createBm25Ranker, createRerankRanker, createUsageField } = await import('@loadout/bm25');
  const field = createUsageField(events);
  const bm25 = { fieldWeights: { usage: decision.usageWeight }, usage: field.text };
  // The usage prior applies to the usage field alone; the re-ranker was chosen over a first stage without it.
  const withPrior = decision.usagePriorWeight > 0 ? { ...bm25, usagePrior: field.calls, usagePriorWeight: decision.usagePriorWeight } : bm25;
  // Without a prior or a re-ranker, the ranker's own definition takes the usage field (capabilities.usage).
  if (decision.model === undefined) return withPrior === bm25 ? withUsage({ text: field.text, weight: decision.usageWeight }) : createBm25Ranker(withPrior);
  try {
    compileRerankModel(decision.model);
  } catch {
    context.stderr(`loadout search: the re-ranking model in ${decisionPath} is unreadable; searching with the usage field alone\n`);
    return createBm25Ranker(withPrior);
  }
  return createRerankRanker({ model: decision.model as RerankModel, bm25 });
}
