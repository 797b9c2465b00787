import type { ToolLoadingPlan } from '@loadout/core';
import { formatCount, renderTable } from './render-table.js';

/** Facts about the run that the plan itself does not carry. */
export interface PlanViewContext {
  readonly source: string;
  readonly model: string;
  readonly skipped: number;
}

/** The human-readable view of a plan: headline, threshold, per-server table, warnings, trace. */
export function renderPlanView(plan: ToolLoadingPlan, context: PlanViewContext): string {
  const { decision } = plan;
  const deferredCount = decision.deferred.length;
  const lines: string[] = [];
  lines.push(`Catalog      ${context.source}: ${formatCount(plan.tools.length)} tools${context.skipped > 0 ? ` (${context.skipped} skipped, see warnings)` : ''}`);
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
  lines.push(
    renderTable(plan.servers, [
      { header: 'server', value: (row) => row.server },
      { header: 'tools', value: (row) => row.tools },
      { header: 'tokens', value: (row) => formatCount(row.tokens), align: 'right' },
      { header: 'deferred', value: (row) => row.deferredTools },
      { header: 'deferred tokens', value: (row) => formatCount(row.deferredTokens), align: 'right' },
    ]).trimEnd(),
  );
  if (plan.warnings.length > 0) lines.push('', `${plan.warnings.length} warning${plan.warnings.length === 1 ? '' : 's'} (on stderr)`);
  lines.push('', 'Decision trace');
  decision.trace.forEach((line, index) => lines.push(`  ${String(index + 1).padStart(2)}. ${line}`));
  return lines.join('\n') + '\n';
}
