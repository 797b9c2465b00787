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
  /** The re-ranking model fitted on the store, when learning chose the re-ranker. */
  readonly model?: unknown;
}

function readDecision(text: string): LearnedDecision | undefined {
  try {
    const value = JSON.parse(text) as Partial<LearnedDecision>;
    if (typeof value.enabled !== 'boolean' || typeof value.usageWeight !== 'number' || !(value.usageWeight >= 0 && value.usageWeight <= 100)) return undefined;
    return { enabled: value.enabled, usageWeight: value.usageWeight, ...(value.model === undefined ? {} : { model: value.model }) };
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
  const { compileRerankModel, createRerankRanker, createUsageField } = await import('@loadout/bm25');
  const usage: RankerUsageField = { text: createUsageField(events).text, weight: decision.usageWeight };
  if (decision.model === undefined) return withUsage(usage);
  try {
    compileRerankModel(decision.model);
  } catch {
    context.stderr(`loadout search: the re-ranking model in ${decisionPath} is unreadable; searching with the usage field alone\n`);
    return withUsage(usage);
  }
  // The learned re-ranker re-scores BM25F's top candidates (with the usage field) by design.
  return createRerankRanker({ model: decision.model as RerankModel, bm25: { fieldWeights: { usage: usage.weight }, usage: usage.text } });
}
