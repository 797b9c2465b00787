import type { DeferralPlan, ToolLoadingPlan } from '@loadout/core';
import type { PlanAdapterView } from '../commands/plan-adapter.js';
import { countOf } from './count-of.js';
import { formatCount, renderTable } from './render-table.js';

/** Facts about the run that the plan itself does not carry. */
export interface PlanViewContext {
  readonly source: string;
  readonly model: string;
  readonly skipped: number;
}

function serverTable(plan: DeferralPlan): string {
  return renderTable(plan.servers, [
    { header: 'server', value: (row) => row.server },
    { header: 'tools', value: (row) => row.tools },
    { header: 'tokens', value: (row) => formatCount(row.tokens), align: 'right' },
    { header: 'deferred', value: (row) => row.deferredTools },
    { header: 'deferred tokens', value: (row) => formatCount(row.deferredTokens), align: 'right' },
  ]).trimEnd();
}

/** The human-readable view of a plan: headline, threshold, per-server table, warnings, trace. */
export function renderPlanView(plan: ToolLoadingPlan, context: PlanViewContext): string {
  const { decision } = plan;
  const deferredCount = decision.deferred.length;
  const lines: string[] = [];
  lines.push(`Catalog      ${context.source}: ${countOf(plan.tools.length, 'tool')}${context.skipped > 0 ? ` (${context.skipped} skipped, see warnings)` : ''}`);
  lines.push(`Model        ${context.model} (${formatCount(decision.contextWindow)}-token context window)`);
  lines.push(`Tool search  ${decision.toolSearch.toUpperCase()}  reason: ${decision.reason}  (ENABLE_TOOL_SEARCH mode: ${decision.mode})`);
  if (decision.thresholdTokens !== null && decision.thresholdPercent !== null) {
    const reached = decision.deferrableTokens >= decision.thresholdTokens ? 'reached' : 'not reached';
    lines.push(
      `Threshold    auto at ${decision.thresholdPercent}% = ${formatCount(decision.thresholdTokens)} tokens; deferrable definitions: ${formatCount(decision.deferrableTokens)} tokens (${reached})`,
    );
  } else {
    lines.push(`Deferrable   ${formatCount(decision.deferrableTokens)} tokens of definitions could be deferred`);
  }
  lines.push(
    `Loading      ${formatCount(decision.upfront.length)} upfront (${formatCount(plan.upfrontTokens)} tokens), ${formatCount(deferredCount)} deferred (${formatCount(plan.deferredTokens)} tokens kept out of every turn)`,
  );
  lines.push('');
  lines.push(serverTable(plan));
  if (plan.warnings.length > 0) lines.push('', `${countOf(plan.warnings.length, 'warning')} (on stderr)`);
  lines.push('', 'Decision trace');
  decision.trace.forEach((line, index) => lines.push(`  ${String(index + 1).padStart(2)}. ${line}`));
  return lines.join('\n') + '\n';
}

/** A plan an adapter made without Claude's policy, for the head of {@link renderAdapterView}. */
export interface AdapterPlanContext {
  readonly plan: DeferralPlan;
  readonly source: string;
  readonly skipped: number;
}

/**
 * The first request of an adapter (`loadout plan --adapter`): what it sends
 * and what a search costs; with `standalone` (an adapter without Claude's
 * policy), the catalog, placement and per-server table first.
 */
export function renderAdapterView(view: PlanAdapterView, standalone?: AdapterPlanContext): string {
  const lines: string[] = [];
  if (standalone !== undefined) {
    const { plan } = standalone;
    lines.push(`Catalog      ${standalone.source}: ${countOf(plan.tools.length, 'tool')}${standalone.skipped > 0 ? ` (${standalone.skipped} skipped, see warnings)` : ''}`);
    lines.push(`Tool search  ${plan.toolSearch.toUpperCase()}  (the adapter defers every deferrable tool; Claude's policy does not apply)`);
    lines.push(
      `Loading      ${formatCount(plan.upfront.length)} upfront, ${formatCount(plan.deferred.length)} deferred (definition tokens as core counts them: ${formatCount(plan.upfrontTokens)} upfront, ${formatCount(plan.deferredTokens)} deferred)`,
    );
    lines.push('', serverTable(plan));
    if (plan.warnings.length > 0) lines.push('', `${countOf(plan.warnings.length, 'warning')} (on stderr)`);
  }
  const { tokens, search } = view;
  lines.push('', `First request of ${view.name} (${view.package}), as the adapter renders it`);
  lines.push(`  search tool   ${view.searchTool ?? 'none (tool search off: every tool upfront)'}`);
  lines.push(
    `  tools         ${countOf(tokens.definitions, 'definition')}, ${formatCount(tokens.bytes)} bytes of JSON${tokens.deferredDefinitions > 0 ? ` (${formatCount(tokens.deferredDefinitions)} of them sent with defer_loading)` : ''}`,
  );
  const upfrontTools = countOf(view.upfront.length, 'upfront tool');
  lines.push(`  upfront       ${formatCount(tokens.upfront)} tokens the model reads: ${view.searchTool === null ? upfrontTools : `the search tool and ${upfrontTools}`}`);
  lines.push(`  deferred      ${formatCount(tokens.deferred)} tokens of ${countOf(view.deferred.length, 'tool')}, read only once a search loads them`);
  if (search !== null) {
    lines.push(
      `  a search      ${formatCount(search.typicalTokens)} tokens for ${search.limit} tools of average size (${formatCount(search.fixedTokens)} fixed + ${search.perToolTokens} per tool); ${search.loadedBy}`,
    );
  }
  return lines.join('\n') + '\n';
}
