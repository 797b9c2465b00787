import { isLoadoutError } from '@loadout/core';
import type { UsageEvent } from '@loadout/core';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { callReply, textReply } from './__fixtures__/mock-replies.js';
import { createAiSdkToolSearch } from './create-ai-sdk-tool-search.js';
import type { AiSdkToolSearchOptions } from './ai-sdk-tool-search-types.js';

const object = (properties: Record<string, { type: string }>) => ({ type: 'object', properties, required: Object.keys(properties) });
const TOOLS = [
  { name: 'Bash', kind: 'core' as const, description: 'Run a shell command.', inputSchema: object({ command: { type: 'string' } }) },
  { name: 'get_weather', server: 'weather', description: 'Get the current weather forecast for a city.', inputSchema: object({ city: { type: 'string' } }) },
  { name: 'send_message', server: 'slack', description: 'Send a message to a Slack channel.', inputSchema: object({ channel: { type: 'string' } }) },
  { name: 'create_issue', server: 'github', description: 'Create a GitHub issue.', inputSchema: object({ title: { type: 'string' } }) },
];
const WEATHER = 'mcp__weather__get_weather';

const create = (options: Partial<AiSdkToolSearchOptions> = {}) =>
  createAiSdkToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() }, execute: () => ({ ok: true }), ...options });
const toolNames = (model: MockLanguageModelV3, step: number) => (model.doGenerateCalls[step]?.tools ?? []).map((tool) => tool.name);

describe('createAiSdkToolSearch with generateText and the mock model', () => {
  it('activates only the search and upfront tools, then the tools a search found', async () => {
    const execute = vi.fn(() => ({ temperature: 18 }));
    const search = create({ execute });
    const model = new MockLanguageModelV3({
      doGenerate: [callReply('s1', 'search_tools', { query: 'select:get_weather' }), callReply('w1', WEATHER, { city: 'Paris' }), textReply('18°C in Paris.')],
    });
    const result = await generateText({ model, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(5), prompt: 'Weather in Paris?' });
    expect(result.text).toBe('18°C in Paris.');
    expect(toolNames(model, 0)).toEqual(['search_tools', 'Bash']);
    expect(toolNames(model, 1)).toEqual(['search_tools', 'Bash', WEATHER]);
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ loaded: [WEATHER], tools: [{ name: WEATHER, description: 'Get the current weather forecast for a city.' }] });
    expect(execute).toHaveBeenCalledWith(expect.objectContaining({ name: WEATHER, arguments: { city: 'Paris' }, callId: 'w1' }));
    expect(search.loaded()).toEqual([WEATHER]);
    expect(search.activeTools([])).toEqual(['search_tools', 'Bash']);
  });

  it('refuses a deferred tool that was never loaded and tells the model why a search failed', async () => {
    const execute = vi.fn();
    const search = create({ execute });
    const model = new MockLanguageModelV3({
      doGenerate: [callReply('c1', 'mcp__github__create_issue', { title: 'x' }), callReply('s1', 'search_tools', { query: '' }), textReply('done')],
    });
    const result = await generateText({ model, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(5), prompt: 'Go' });
    expect(result.steps[0]!.content.find((part) => part.type === 'tool-error')).toMatchObject({
      toolName: 'mcp__github__create_issue',
      error: "Model tried to call unavailable tool 'mcp__github__create_issue'. Available tools: search_tools, Bash.",
    });
    expect(result.steps[1]!.toolResults[0]!.output).toEqual({ loaded: [], error: 'Search failed: tool search query "" names nothing to search for [query-empty]' });
    expect(execute).not.toHaveBeenCalled();
    const unguarded = new MockLanguageModelV3({ doGenerate: [callReply('c2', 'mcp__github__create_issue', { title: 'x' }), textReply('done')] });
    const withoutPrepareStep = await generateText({ model: unguarded, tools: search.tools, stopWhen: stepCountIs(3), prompt: 'Go' });
    expect(withoutPrepareStep.steps[0]!.toolResults[0]!.output).toMatchObject({ code: 'tool-not-loaded' });
    expect(execute).not.toHaveBeenCalled();
  });

  it('records one usage event (recordUsage) when execute runs a tool the search found, and none for a call refused as not loaded', async () => {
    const events: UsageEvent[] = [];
    const execute = vi.fn(() => ({ temperature: 18 }));
    const search = create({ execute, recordUsage: (event) => events.push(event) });
    const model = new MockLanguageModelV3({
      doGenerate: [
        callReply('s1', 'search_tools', { query: 'weather city' }),
        callReply('w1', WEATHER, { city: 'Paris' }),
        callReply('w2', WEATHER, { city: 'Rome' }),
        textReply('18°C in both.'),
      ],
    });
    const result = await generateText({ model, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(6), prompt: 'Weather in Paris and Rome?' });
    expect(result.text).toBe('18°C in both.');
    expect(execute).toHaveBeenCalledTimes(2);
    expect(events).toEqual([{ query: 'weather city', called: [WEATHER], at: expect.any(Number) }]);

    // A deferred tool called before any search loaded it is refused before execute: nothing is recorded.
    const unguardedEvents: UsageEvent[] = [];
    const unguardedSearch = create({ execute, recordUsage: (event) => unguardedEvents.push(event) });
    const unguarded = new MockLanguageModelV3({ doGenerate: [callReply('w3', WEATHER, { city: 'Oslo' }), textReply('done')] });
    const refused = await generateText({ model: unguarded, tools: unguardedSearch.tools, stopWhen: stepCountIs(4), prompt: 'Go' });
    expect(refused.steps[0]!.toolResults[0]!.output).toMatchObject({ code: 'tool-not-loaded' });
    expect(execute).toHaveBeenCalledTimes(2);
    expect(unguardedEvents).toEqual([]);
  });

  it('runs a tool a search loaded without prepareStep: the call reads the loaded tools from its messages', async () => {
    const events: UsageEvent[] = [];
    const execute = vi.fn(() => ({ temperature: 9 }));
    const search = create({ execute, recordUsage: (event) => events.push(event) });
    const model = new MockLanguageModelV3({ doGenerate: [callReply('s1', 'search_tools', { query: 'weather city' }), callReply('w1', WEATHER, { city: 'Oslo' }), textReply('9°C.')] });
    const result = await generateText({ model, tools: search.tools, stopWhen: stepCountIs(4), prompt: 'Weather in Oslo?' });
    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({ loaded: [WEATHER] });
    expect(result.steps[1]!.toolResults[0]!.output).toEqual({ temperature: 9 });
    expect(execute).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ query: 'weather city', called: [WEATHER], at: expect.any(Number) }]);
    expect(search.loaded()).toEqual([WEATHER]);
  });

  it('serves two concurrent conversations with one object: a step of one never unloads what the other loaded', async () => {
    const execute = vi.fn(({ name }: { name: string }) => ({ ran: name }));
    const search = create({ execute });
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let startB!: () => void;
    const bStarts = new Promise<void>((resolve) => (startB = resolve));
    const replies = [callReply('s1', 'search_tools', { query: 'select:get_weather' }), callReply('w1', WEATHER, { city: 'Paris' }), textReply('A done')];
    // A's second step starts B and waits until B's first step (whose messages load nothing) has been prepared and sent.
    let stepsA = 0;
    const modelA: MockLanguageModelV3 = new MockLanguageModelV3({
      doGenerate: async () => {
        stepsA++;
        if (stepsA === 2) {
          startB();
          await gate;
        }
        return replies[stepsA - 1]!;
      },
    });
    const modelB = new MockLanguageModelV3({
      doGenerate: async () => {
        openGate();
        return textReply('B done');
      },
    });
    const conversationA = generateText({ model: modelA, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(5), prompt: 'Weather in Paris?' });
    const conversationB = bStarts.then(() => generateText({ model: modelB, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(5), prompt: 'Hello' }));
    const [a, b] = await Promise.all([conversationA, conversationB]);
    expect(b.text).toBe('B done');
    expect(a.steps[1]!.toolResults[0]!.output).toEqual({ ran: WEATHER });
    expect(execute).toHaveBeenCalledTimes(1);
    expect(toolNames(modelA, 1)).toContain(WEATHER);
    expect(toolNames(modelB, 0)).toEqual(['search_tools', 'Bash']);
  });

  it('answers an execute that throws with a tool-failed result the model sees, and goes on', async () => {
    const search = create({
      execute: () => {
        throw new Error('db down');
      },
    });
    const model = new MockLanguageModelV3({ doGenerate: [callReply('b1', 'Bash', { command: 'ls' }), textReply('It failed.')] });
    const result = await generateText({ model, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(4), prompt: 'Go' });
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ error: 'Bash failed: db down', code: 'tool-failed' });
    expect(result.text).toBe('It failed.');
  });

  it('masks a credential in an execute error for the model and gives the full error to onWarning (the trial of 3463)', async () => {
    const onWarning = vi.fn();
    const thrown = new Error('weather API failed: Authorization: Bearer sk-SECRET-123');
    const search = create({
      onWarning,
      execute: () => {
        throw thrown;
      },
    });
    const model = new MockLanguageModelV3({ doGenerate: [callReply('b1', 'Bash', { command: 'ls' }), textReply('It failed.')] });
    const result = await generateText({ model, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(4), prompt: 'Go' });
    const sent = 'Bash failed: weather API failed: Authorization: Bearer ***';
    expect(result.steps[0]!.toolResults[0]!.output).toEqual({ error: sent, code: 'tool-failed' });
    expect(JSON.stringify(model.doGenerateCalls[1]!.prompt)).toContain('Bearer ***');
    expect(JSON.stringify(model.doGenerateCalls.map((call) => call.prompt))).not.toContain('sk-SECRET-123');
    expect(onWarning.mock.calls).toEqual([[{ code: 'tool-failed', tool: 'Bash', callId: 'b1', error: thrown, sent, message: expect.stringContaining('Bearer sk-SECRET-123') }]]);
  });

  it('runs the README example shape: handlers keyed by the tool name (tool.name), not the API name', async () => {
    const myHandlers: Record<string, (args: Record<string, unknown>) => unknown> = { get_weather: (args) => `18°C in ${String(args['city'])}` };
    const search = create({ execute: ({ arguments: args, tool }) => myHandlers[tool.name]!(args) });
    const model = new MockLanguageModelV3({
      doGenerate: [callReply('s1', 'search_tools', { query: 'select:get_weather' }), callReply('w1', WEATHER, { city: 'Paris' }), textReply('done')],
    });
    const result = await generateText({ model, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(5), prompt: 'Weather?' });
    expect(result.steps[1]!.toolResults[0]!.output).toBe('18°C in Paris');
  });

  it('refuses arguments that are JSON but not an object with invalid-input, without execute', async () => {
    const execute = vi.fn();
    const search = create({ execute });
    const model = new MockLanguageModelV3({ doGenerate: [callReply('b1', 'Bash', [1, 2] as never), callReply('b2', 'Bash', 'a string' as never), textReply('done')] });
    const result = await generateText({ model, tools: search.tools, prepareStep: search.prepareStep, stopWhen: stepCountIs(5), prompt: 'Go' });
    expect(result.steps.flatMap((step) => step.toolResults.map((part) => part.output))).toEqual([
      { error: 'Bash: arguments must be a JSON object, got an array of 2 items', code: 'invalid-input' },
      { error: 'Bash: arguments must be a JSON object, got "a string"', code: 'invalid-input' },
    ]);
    expect(execute).not.toHaveBeenCalled();
  });

  it('skips a catalog tool named like the search tool, tells onWarning of each skipped tool, and works with the rest', () => {
    const onWarning = vi.fn();
    const search = create({ tools: [...TOOLS, { name: 'search_tools', description: 'My CRM search' }, { name: 'get_weather', server: 'weather' }], onWarning });
    expect(Object.keys(search.tools)).toEqual(['search_tools', 'Bash', WEATHER, 'mcp__slack__send_message', 'mcp__github__create_issue']);
    expect(onWarning.mock.calls.map((args: unknown[]) => args[0] as { code: string; issue: { code: string } }).map((warning) => [warning.code, warning.issue.code])).toEqual([
      ['tool-skipped', 'catalog-duplicate-name'],
      ['tool-skipped', 'catalog-duplicate-name'],
    ]);
  });

  it('keeps every tool active and no search tool when tool search is off, and checks its options', () => {
    const search = create({ toolSearch: false });
    expect(search.activeTools()).toEqual(['Bash', WEATHER, 'mcp__slack__send_message', 'mcp__github__create_issue']);
    expect(Object.keys(search.tools)).not.toContain('search_tools');
    let caught: unknown;
    try {
      create({ execute: undefined as never });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
  });
});
