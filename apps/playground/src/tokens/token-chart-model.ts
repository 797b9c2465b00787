import { BUILTIN_SERVER_LABEL } from '@loadout/core';
import type { ToolLoadingPlan } from '@loadout/core';

/** The `auto` percentage when `ENABLE_TOOL_SEARCH` is plain `auto` or not `auto` at all. */
export const DEFAULT_AUTO_PERCENT = 10;

/** One row of the chart: a server's definitions. */
export interface TokenChartRow {
  /** Server name, `(built-in)`, or `N more servers`. */
  readonly label: string;
  /** True for the last row that folds the smallest servers together (`N more servers`). */
  readonly folded: boolean;
  readonly tools: number;
  /** Tokens of every definition. */
  readonly tokens: number;
  /** Tokens `auto` counts: deferrable definitions after mods. */
  readonly deferrableTokens: number;
  /** Where this row's deferrable bar starts: the deferrable tokens of the rows above. */
  readonly offset: number;
}

/** What the chart draws. */
export interface TokenChartModel {
  /** Servers, largest deferrable share first, the smallest folded into one last row. */
  readonly rows: readonly TokenChartRow[];
  /** Sum of every row's deferrable tokens: where the last bar ends. */
  readonly deferrableTokens: number;
  /** Tokens of every definition. */
  readonly totalTokens: number;
  /** Definitions that load upfront whatever the decision (core, always-load, pinned). */
  readonly fixedTokens: number;
  /** The `auto` threshold in tokens, and its percentage of the context window. */
  readonly thresholdTokens: number;
  readonly thresholdPercent: number;
  /** True when the threshold comes from `auto`/`auto:N`; false when it is shown for reference (10%). */
  readonly thresholdActive: boolean;
  /**
   * True when the threshold decided this plan: the decision's reason is
   * `auto-below-threshold` or `auto-threshold-reached`. Only then does the
   * chart draw the threshold line; under any other rule the size of the
   * catalog changes nothing.
   */
  readonly thresholdDecides: boolean;
  /** Whether the deferrable total reaches the threshold (`deferrable × 100 ≥ context × percent`, as the policy compares). */
  readonly thresholdReached: boolean;
  /** The context window the threshold is a share of. */
  readonly contextWindow: number;
  /** The rule that decided (`default-on`, `auto-threshold-reached`, …). */
  readonly reason: string;
  /** Axis maximum: the larger of the total and the threshold, so both fit. */
  readonly scaleMax: number;
  /** Tokens kept out of the context by deferring now (0 when tool search is off). */
  readonly savedTokens: number;
}

/**
 * Turns a plan into a waterfall of deferrable tokens per server: each
 * server's bar starts where the previous one ended, so the last one ends at
 * the total `auto` compares with the threshold, and the row that crosses the
 * threshold line is the server that tips the catalog over it. At most
 * `maxRows` rows (default 12, at least 2); the rest are folded into one.
 */
export function buildTokenChartModel(plan: ToolLoadingPlan, maxRows = 12): TokenChartModel {
  const byServer = new Map<string, { tools: number; tokens: number; deferrable: number }>();
  let totalTokens = 0;
  let deferrableTokens = 0;
  for (const tool of plan.tools) {
    const key = tool.server ?? BUILTIN_SERVER_LABEL;
    const entry = byServer.get(key) ?? { tools: 0, tokens: 0, deferrable: 0 };
    entry.tools += 1;
    entry.tokens += tool.tokens;
    if (tool.deferrable) entry.deferrable += tool.tokens;
    byServer.set(key, entry);
    totalTokens += tool.tokens;
    if (tool.deferrable) deferrableTokens += tool.tokens;
  }
  const sorted = [...byServer.entries()].sort((a, b) => b[1].deferrable - a[1].deferrable || b[1].tokens - a[1].tokens || a[0].localeCompare(b[0]));
  const limit = Math.max(2, maxRows);
  const shown = sorted.length > limit ? sorted.slice(0, limit - 1) : sorted;
  const rest = sorted.length > limit ? sorted.slice(limit - 1) : [];
  const rows: TokenChartRow[] = [];
  let offset = 0;
  const add = (label: string, value: { tools: number; tokens: number; deferrable: number }, folded = false): void => {
    rows.push({ label, folded, tools: value.tools, tokens: value.tokens, deferrableTokens: value.deferrable, offset });
    offset += value.deferrable;
  };
  for (const [label, value] of shown) add(label, value);
  if (rest.length > 0) {
    const folded = { tools: 0, tokens: 0, deferrable: 0 };
    for (const [, value] of rest) {
      folded.tools += value.tools;
      folded.tokens += value.tokens;
      folded.deferrable += value.deferrable;
    }
    add(`${rest.length} more servers`, folded, true);
  }
  const decision = plan.decision;
  const thresholdActive = decision.thresholdTokens !== null && decision.thresholdPercent !== null;
  const thresholdPercent = decision.thresholdPercent ?? DEFAULT_AUTO_PERCENT;
  const thresholdTokens = decision.thresholdTokens ?? Math.ceil((decision.contextWindow * thresholdPercent) / 100);
  const thresholdDecides = thresholdActive && (decision.reason === 'auto-below-threshold' || decision.reason === 'auto-threshold-reached');
  return {
    rows,
    deferrableTokens,
    totalTokens,
    fixedTokens: totalTokens - deferrableTokens,
    thresholdTokens,
    thresholdPercent,
    thresholdActive,
    thresholdDecides,
    thresholdReached: deferrableTokens * 100 >= decision.contextWindow * thresholdPercent,
    contextWindow: decision.contextWindow,
    reason: decision.reason,
    scaleMax: Math.max(deferrableTokens, thresholdTokens, 1),
    savedTokens: plan.deferredTokens,
  };
}
