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

  it('says a mod lengthened the description, and to shorten what it writes, when the planned one is longer than the catalog\'s', () => {
    const tools = [{ name: 'dump', server: 'docs', description: 'Dump the docs.' }];
    const mods = [{ name: 'verbose', hooks: { 'tool.describe': () => ({ description: 'word '.repeat(40_000) }) } }];
    const plan = planToolLoading({ model: SONNET_4_5, contextWindow: 200_000, tools }, { mods });
    const [warning] = largeToolWarnings(plan.tools, plan.decision.contextWindow, [{ displayName: 'mcp__docs__dump', description: 'Dump the docs.' }]);
    expect(warning!.message).toMatch(/^mcp__docs__dump's definition counts [\d,]+ tokens, over 20,000 .*; a mod lengthened its description \(from 14 to 200,000 characters\): shorten what the mod writes$/);
    // Without the catalog's descriptions, or with one as long, the advice is the tool's own.
    for (const catalog of [[], [{ displayName: 'mcp__docs__dump', description: 'word '.repeat(40_000) }]]) {
      expect(largeToolWarnings(plan.tools, plan.decision.contextWindow, catalog)[0]!.message).toMatch(/shorten its description or input schema \(a mod can replace the description\)$/);
    }
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
