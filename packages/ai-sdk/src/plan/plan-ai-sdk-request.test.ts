import { createBm25Ranker } from '@loadout/bm25';
import { countRequestTools } from '@loadout/core/adapter';
import { createFakeTokenCounter } from '@loadout/core/test';
import { createDemoCatalog } from '@loadout/demo-catalog';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { callReply, textReply } from '../__fixtures__/mock-replies.js';
import { createAiSdkToolSearch } from '../create-ai-sdk-tool-search.js';
import { planAiSdkRequest } from './plan-ai-sdk-request.js';

const tokenCounter = createFakeTokenCounter();
const options = () => ({ catalog: createDemoCatalog(), ranker: createBm25Ranker(), planOptions: { tokenCounter } });
/** The tools of one model call as they are serialised (undefined provider options dropped). */
const sent = (model: MockLanguageModelV3, step: number): { name: string }[] => JSON.parse(JSON.stringify(model.doGenerateCalls[step]?.tools ?? [])) as { name: string }[];

describe('planAiSdkRequest', () => {
  it('renders exactly the tools generateText hands the model in the first step, counts them, and what a search adds', async () => {
    const search = createAiSdkToolSearch({ ...options(), execute: () => ({ ok: true }) });
    const model = new MockLanguageModelV3({
      doGenerate: [callReply('s1', 'search_tools', { query: 'select:create_issue' }), textReply('done')],
    });
    const result = await generateText({ model, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(3), prompt: 'Create an issue' });
    const planned = planAiSdkRequest(options());
    const first = sent(model, 0);
    expect(planned.tools).toEqual(first);
    expect(planned.activeTools).toEqual(search.activeTools([]));
    expect(planned.toolSearch).toBe('on');
    expect(planned.tokens).toMatchObject({
      upfront: countRequestTools(first, tokenCounter).upfront,
      bytes: Buffer.byteLength(JSON.stringify(first)),
      definitions: first.length,
      deferredDefinitions: 0,
    });
    expect(planned.tokens.deferred).toBeGreaterThan(planned.tokens.upfront);
    expect(first.length).toBeLessThan(createDemoCatalog().tools.length / 4);

    // What a search costs: the definitions the next step adds, plus the search tool's JSON result.
    const added = sent(model, 1).filter((tool) => !first.some((tool0) => tool0.name === tool.name));
    const output = result.steps[0]!.toolResults[0]!.output as { loaded: string[] };
    expect(added.map((tool) => tool.name)).toEqual(output.loaded);
    expect(output.loaded).toContain('mcp__github__create_issue');
    const cost = planned.searchCost(output.loaded);
    expect(cost.definitions).toBe(countRequestTools(added, tokenCounter).upfront);
    expect(cost.overhead).toBe(tokenCounter.count(JSON.stringify(output)));
    expect(cost.total).toBe(cost.definitions + cost.overhead);
  });

  it('sends every tool and no search tool when tool search is off', () => {
    const planned = planAiSdkRequest({ ...options(), toolSearch: false });
    expect(planned.toolSearch).toBe('off');
    expect(planned.tools).toHaveLength(createDemoCatalog().tools.length);
    expect(planned.tokens.deferred).toBe(0);
  });
});
