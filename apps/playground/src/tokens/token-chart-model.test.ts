import { planToolLoading } from '@loadout/core';
import type { ToolInput } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { buildTokenChartModel } from './token-chart-model.js';

function tools(server: string | null, count: number, tokens: number, extra: Partial<ToolInput> = {}): ToolInput[] {
  return Array.from({ length: count }, (_, index) => ({ name: `${server ?? 'builtin'}_tool_${index}`, server, tokens, ...extra }));
}

const input: ToolInput[] = [
  ...tools('alpha', 3, 1000),
  ...tools('beta', 2, 500),
  ...tools('gamma', 1, 300),
  ...tools(null, 2, 200, { kind: 'core' }),
  ...tools('pinned', 1, 400, { alwaysLoad: true }),
];

describe('buildTokenChartModel', () => {
  it('stacks deferrable tokens per server, largest first, ending at the total auto counts', () => {
    const plan = planToolLoading({ model: 'claude-sonnet-4-5', tools: input });
    const model = buildTokenChartModel(plan);
    expect(model.rows.map((row) => [row.label, row.deferrableTokens, row.offset])).toEqual([
      ['alpha', 3000, 0],
      ['beta', 1000, 3000],
      ['gamma', 300, 4000],
      ['(built-in)', 0, 4300],
      ['pinned', 0, 4300],
    ]);
    expect(model.deferrableTokens).toBe(4300);
    expect(model.deferrableTokens).toBe(plan.decision.deferrableTokens);
    expect(model.totalTokens).toBe(5100);
    expect(model.fixedTokens).toBe(800);
    expect(model.savedTokens).toBe(plan.deferredTokens);
  });

  it('shows the reference 10% threshold when the mode is not auto, and the active one when it is', () => {
    const reference = buildTokenChartModel(planToolLoading({ model: 'claude-sonnet-4-5', tools: input }));
    expect([reference.thresholdActive, reference.thresholdPercent, reference.thresholdTokens]).toEqual([false, 10, 20_000]);
    expect(reference.scaleMax).toBe(20_000);
    const auto = buildTokenChartModel(planToolLoading({ model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'auto:1.5' }, contextWindow: 100_000, tools: input }));
    expect([auto.thresholdActive, auto.thresholdPercent, auto.thresholdTokens]).toEqual([true, 1.5, 1500]);
    expect(auto.scaleMax).toBe(4300);
  });

  it('folds the smallest servers into one row', () => {
    const many = Array.from({ length: 20 }, (_, index) => tools(`server${String(index).padStart(2, '0')}`, 1, 100 + index)).flat();
    const model = buildTokenChartModel(planToolLoading({ model: 'claude-sonnet-4-5', tools: many }), 5);
    expect(model.rows).toHaveLength(5);
    expect(model.rows.map((row) => row.label)).toEqual(['server19', 'server18', 'server17', 'server16', '16 more servers']);
    const last = model.rows[4]!;
    expect(last.tools).toBe(16);
    expect(last.offset + last.deferrableTokens).toBe(model.deferrableTokens);
  });

  it('counts nothing as saved when tool search is off', () => {
    const model = buildTokenChartModel(planToolLoading({ model: 'claude-sonnet-4-5', env: { ENABLE_TOOL_SEARCH: 'false' }, tools: input }));
    expect(model.savedTokens).toBe(0);
    expect(model.deferrableTokens).toBe(4300);
  });
});
