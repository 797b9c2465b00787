import { describe, expect, it } from 'vitest';
import type { ToolInput } from '../catalog/tool.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import { createPlanCache } from './plan-cache.js';
import { planToolLoading } from './plan-tool-loading.js';

function countingCounter(): TokenCounter & { calls: number } {
  const counter = {
    specificationVersion: 'v1' as const,
    id: 'test/length',
    calls: 0,
    count(text: string) {
      counter.calls += 1;
      return text.length;
    },
  };
  return counter;
}

const tools: ToolInput[] = [
  { name: 'Bash', kind: 'core' },
  { name: 'create_issue', server: 'github', description: 'Create an issue', inputSchema: { type: 'object' } },
  { name: 'send', server: 'slack', description: 'Send a message' },
];

describe('createPlanCache', () => {
  it('counts each definition once across turns and gives the same plan', () => {
    const counter = countingCounter();
    const cache = createPlanCache();
    const input = { model: 'claude-sonnet-4-5', tools };
    const first = planToolLoading(input, { tokenCounter: counter, cache });
    const callsAfterFirst = counter.calls;
    const second = planToolLoading({ ...input, env: { ENABLE_TOOL_SEARCH: 'false' } }, { tokenCounter: counter, cache });
    expect(callsAfterFirst).toBe(3);
    expect(counter.calls).toBe(3);
    expect(second.decision.deferrableTokens).toBe(first.decision.deferrableTokens);
    expect(second.decision.reason).toBe('env-false');
  });

  it('notices a changed top-level field, an added tool and a mod rewrite', () => {
    const counter = countingCounter();
    const cache = createPlanCache();
    const base = planToolLoading({ model: 'opus', tools }, { tokenCounter: counter, cache });
    const changed = tools.map((tool) => (tool.name === 'send' ? { ...tool, description: 'Send a Slack message to a channel' } : tool));
    const afterChange = planToolLoading({ model: 'opus', tools: changed }, { tokenCounter: counter, cache });
    expect(afterChange.decision.deferrableTokens).toBe(base.decision.deferrableTokens + 'Slack  to a channel'.length);
    const added = planToolLoading(
      { model: 'opus', tools: [...changed, { name: 'search', server: 'slack' }] },
      { tokenCounter: counter, cache },
    );
    expect(added.decision.deferred).toContain('mcp__slack__search');
    const rewritten = planToolLoading(
      {
        model: 'opus',
        tools: [...changed, { name: 'search', server: 'slack' }],
        mods: [{ plugin: 'rename', rules: [{ server: 'slack', tool: 'search', description: 'Find messages' }] }],
      },
      { tokenCounter: counter, cache },
    );
    expect(rewritten.tools.find((tool) => tool.name === 'search')?.description).toBe('Find messages');
    expect(rewritten.decision.deferrableTokens).toBe(added.decision.deferrableTokens + 'Find messages'.length);
  });

  it('starts afresh after clear()', () => {
    const counter = countingCounter();
    const cache = createPlanCache();
    planToolLoading({ model: 'opus', tools }, { tokenCounter: counter, cache });
    cache.clear();
    planToolLoading({ model: 'opus', tools }, { tokenCounter: counter, cache });
    expect(counter.calls).toBe(6);
  });
});
