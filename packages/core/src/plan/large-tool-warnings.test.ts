import { describe, expect, it } from 'vitest';
import { SONNET_4_5 } from '../policy/__fixtures__/policy-inputs.js';
import { largeToolWarnings } from './large-tool-warnings.js';
import { planToolLoading } from './plan-tool-loading.js';

describe('largeToolWarnings', () => {
  it('warns for a planned definition over a tenth of the context window, naming it and its count, largest first', () => {
    const plan = planToolLoading({
      model: SONNET_4_5,
      contextWindow: 200_000,
      tools: [
        { name: 'small', server: 'docs', tokens: 20_000 },
        { name: 'huge', server: 'docs', tokens: 812_345 },
        { name: 'big', server: 'docs', tokens: 20_001 },
      ],
    });
    const large = largeToolWarnings(plan.tools, plan.decision.contextWindow);
    expect(large.map((warning) => warning.message.split("'s")[0])).toEqual(['mcp__docs__huge', 'mcp__docs__big']);
    expect(large[0]!.message).toContain('counts 812,345 tokens, over 20,000 (10% of the 200,000-token context window)');
    // The policy's decision is the contract's: its warnings are unchanged.
    expect(plan.decision.warnings).toEqual([]);
  });

  it('names five and counts the rest in one warning', () => {
    const tools = Array.from({ length: 7 }, (_, index) => ({ displayName: `t${index}`, tokens: 30_000 + index }));
    const large = largeToolWarnings(tools, 200_000);
    expect(large).toHaveLength(6);
    expect(large[0]!.message).toMatch(/^t6's /);
    expect(large[5]!.message).toBe("2 more tools' definitions count over 20,000 tokens each");
  });

  it('says nothing for ordinary definitions', () => {
    expect(largeToolWarnings([{ displayName: 'a', tokens: 20_000 }], 200_000)).toEqual([]);
  });
});
