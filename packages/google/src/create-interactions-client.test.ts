import { GoogleGenAI } from '@google/genai';
import { isLoadoutError } from '@loadout/core';
import { createDeploymentMemory, createDiscoverySession } from '@loadout/core/adapter';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREATE_ISSUE, TOOLS, WEATHER } from './__fixtures__/catalog.js';
import { startGeminiDouble } from './__fixtures__/gemini-double.js';
import type { GeminiDouble, GeminiDoubleReply, GeminiDoubleRequest } from './__fixtures__/gemini-double.js';
import { createInteractionsClient } from './create-interactions-client.js';
import { createInteractionsToolSearch } from './create-interactions-tool-search.js';

const doubles: GeminiDouble[] = [];
afterEach(async () => {
  await Promise.all(doubles.splice(0).map((double) => double.close()));
});

async function setup(model: (request: GeminiDoubleRequest, index: number) => GeminiDoubleReply) {
  const double = await startGeminiDouble(model);
  doubles.push(double);
  const toolSearch = createInteractionsToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() } });
  const genai = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: double.url } });
  return { double, toolSearch, genai };
}

type Step = { type: string; [field: string]: unknown };
/** The `type:name` of each tool of a request the double received. */
const toolsOf = (request: GeminiDoubleRequest): string[] => ((request.body['tools'] ?? []) as { type: string; name?: string }[]).map((tool) => `${tool.type}:${tool.name ?? ''}`);
const inputOf = (request: GeminiDoubleRequest): Step[] => request.body['input'] as Step[];
/** The steps a request sent after the model's last output (the client's answers). */
const answersOf = (request: GeminiDoubleRequest): Step[] => {
  const input = inputOf(request);
  const last = input.findLastIndex((step) => step.type === 'tool_search_call' || step.type === 'function_call');
  return input.slice(last + 1);
};
const text = (value: string) => ({ type: 'model_output', content: [{ type: 'text', text: value }] });

/** A model that searches with `query`, calls the first loaded tool ending with `suffix`, then answers. */
const searchingModel = (query: string, suffix: string) => (request: GeminiDoubleRequest): GeminiDoubleReply => {
  const answers = answersOf(request);
  if (answers.some((step) => step.type === 'function_result')) return { steps: [text('Done: '), text('filed.')] };
  const found = answers.find((step) => step.type === 'tool_search_result');
  if (found === undefined) return { steps: [{ type: 'tool_search_call', id: 'ts_1', arguments: { query } }] };
  const name = (found['result'] as { name: string }[]).map((tool) => tool.name).find((tool) => tool.endsWith(suffix));
  return { steps: [{ type: 'function_call', id: 'fc_1', name, arguments: { repo: 'a/b', title: 'Bug' } }] };
};

describe('createInteractionsClient with the @google/genai client', () => {
  it('answers the tool_search_call client-side with the found functions, runs the loaded tool and returns the answer', async () => {
    const { double, toolSearch, genai } = await setup(searchingModel('select:create_issue', 'create_issue'));
    const callTool = vi.fn(() => ({ url: 'https://issues/1' }));
    const result = await createInteractionsClient({ client: genai, toolSearch }).run({ model: 'gemini-3-flash-preview', input: 'File a bug' }, { callTool });
    expect(result).toMatchObject({ text: 'Done: filed.', steps: 3, loaded: [CREATE_ISSUE], mode: 'search', fallback: false, truncated: false });
    expect(callTool).toHaveBeenCalledWith({ name: CREATE_ISSUE, arguments: { repo: 'a/b', title: 'Bug' }, callId: 'fc_1', tool: toolSearch.toolFor(CREATE_ISSUE) });
    const [first, second, third] = double.requests;
    expect(first!.path).toMatch(/\/interactions$/);
    expect(first!.headers['x-goog-api-key']).toBe('test-key');
    expect(first!.body).toMatchObject({ model: 'gemini-3-flash-preview', store: false, input: [{ type: 'user_input', content: [{ type: 'text', text: 'File a bug' }] }] });
    expect(toolsOf(first!)).toEqual(['tool_search:search_tools', 'function:Bash', 'function:mcp__github__whoami']);
    expect((first!.body['tools'] as { execution?: string }[])[0]!.execution).toBe('client');
    expect(answersOf(second!)).toEqual([{ type: 'tool_search_result', call_id: 'ts_1', result: [toolSearch.functionFor(CREATE_ISSUE)] }]);
    // The loaded function reaches the model in the result step, not in `tools`.
    expect(toolsOf(second!)).toEqual(toolsOf(first!));
    expect(answersOf(third!)).toEqual([{ type: 'function_result', call_id: 'fc_1', name: CREATE_ISSUE, result: '{"url":"https://issues/1"}' }]);
    expect(result.input.at(-1)).toEqual(text('filed.'));
  });

  it('carries loaded tools across turns in the input, and unloads them when the input no longer holds the result', async () => {
    const { double, toolSearch, genai } = await setup((request) => (inputOf(request).at(-1)?.type === 'user_input' && inputOf(request).length > 1 ? { steps: [text('again')] } : searchingModel('select:create_issue', 'create_issue')(request)));
    // A client with a session of its own (one conversation) also reports a compaction between runs.
    const session = createDiscoverySession();
    const client = createInteractionsClient({ client: genai, toolSearch, session });
    const first = await client.run({ model: 'm', input: 'File a bug' }, { callTool: () => 'ok' });
    expect(first.loaded).toEqual([CREATE_ISSUE]);
    const second = await client.run({ model: 'm', input: [...first.input, { type: 'user_input', content: [{ type: 'text', text: 'And another' }] }] }, { callTool: () => 'ok' });
    expect(second).toMatchObject({ text: 'again', loaded: [], unloaded: [] });
    expect(session.isLoaded(CREATE_ISSUE)).toBe(true);
    expect(inputOf(double.requests.at(-1)!).some((step) => step.type === 'tool_search_result')).toBe(true);
    const compacted = await client.run({ model: 'm', input: [{ type: 'user_input', content: [{ type: 'text', text: 'Summary of earlier work.' }] }, { type: 'user_input', content: [{ type: 'text', text: 'Go on' }] }] }, { callTool: () => 'ok' });
    expect(compacted.unloaded).toEqual([CREATE_ISSUE]);
  });

  it('tells the model when a search fails, beside the empty result', async () => {
    const { double, toolSearch, genai } = await setup((_request, index) => (index === 0 ? { steps: [{ type: 'tool_search_call', id: 'ts_9', arguments: { query: '   ' } }] } : { steps: [text('ok')] }));
    await createInteractionsClient({ client: genai, toolSearch }).run({ model: 'm', input: 'hi' }, { callTool: () => null });
    const [result, note] = answersOf(double.requests[1]!);
    expect(result).toEqual({ type: 'tool_search_result', call_id: 'ts_9', result: [] });
    expect(note).toEqual({ type: 'user_input', content: [{ type: 'text', text: expect.stringMatching(/^search_tools: .*names nothing to search for/) }] });
  });

  it('answers a call of a deferred tool never loaded, and of an unknown name, without running callTool', async () => {
    const { double, toolSearch, genai } = await setup((_request, index) =>
      index === 0 ? { steps: [{ type: 'function_call', id: 'a', name: WEATHER, arguments: {} }, { type: 'function_call', id: 'b', name: 'nope', arguments: {} }] } : { steps: [text('ok')] },
    );
    const callTool = vi.fn();
    await createInteractionsClient({ client: genai, toolSearch }).run({ model: 'm', input: 'hi' }, { callTool });
    expect(callTool).not.toHaveBeenCalled();
    expect(answersOf(double.requests[1]!)).toEqual([
      { type: 'function_result', call_id: 'a', name: WEATHER, result: JSON.stringify({ error: `tool ${WEATHER} is not loaded; call search_tools to load it first`, code: 'tool-not-loaded' }) },
      { type: 'function_result', call_id: 'b', name: 'nope', result: JSON.stringify({ error: 'there is no tool named nope', code: 'unknown-tool' }) },
    ]);
  });

  it('falls back once to every tool as a function when the service rejects tool_search, remembers the deployment and warns', async () => {
    const { double, toolSearch, genai } = await setup((request) =>
      toolsOf(request).includes('tool_search:search_tools') ? { status: 400, message: 'Invalid value at tools[0].type: unknown tool type "tool_search"' } : { steps: [text('fine')] },
    );
    const memory = createDeploymentMemory();
    const onWarning = vi.fn();
    const client = createInteractionsClient({ client: genai, toolSearch, memory, onWarning, deployment: double.url });
    const result = await client.run({ model: 'gemini-3-flash-preview', input: 'hi' }, { callTool: () => null });
    expect(result).toMatchObject({ text: 'fine', fallback: true, mode: 'upfront', steps: 1 });
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'tool-search-rejected', deployment: `${double.url}?model=gemini-3-flash-preview` })]);
    expect(onWarning).toHaveBeenCalledWith(result.warnings[0]);
    expect(toolsOf(double.requests[1]!)).toHaveLength(TOOLS.length);
    const again = await client.run({ model: 'gemini-3-flash-preview', input: 'hi' }, { callTool: () => null });
    expect(again).toMatchObject({ fallback: false, warnings: [] });
    expect(double.requests).toHaveLength(3);
  });

  it('sends your own tools after Loadout ones and runs your functions, and throws every other API error unchanged', async () => {
    const own = { type: 'function', name: 'lookup', description: 'Your own.', parameters: { type: 'object' } };
    const { double, toolSearch, genai } = await setup((_request, index) => (index === 0 ? { steps: [{ type: 'function_call', id: 'o', name: 'lookup', arguments: { q: 1 } }] } : { steps: [text('ok')] }));
    const callTool = vi.fn(() => 'looked up');
    await createInteractionsClient({ client: genai, toolSearch }).run({ model: 'm', input: 'hi', tools: [own], system_instruction: 'Be brief.' }, { callTool });
    expect(toolsOf(double.requests[0]!).at(-1)).toBe('function:lookup');
    expect(double.requests[0]!.body['system_instruction']).toBe('Be brief.');
    expect(callTool).toHaveBeenCalledWith({ name: 'lookup', arguments: { q: 1 }, callId: 'o', tool: undefined });
    const failing = await setup(() => ({ status: 400, message: 'API key not valid' }));
    await expect(createInteractionsClient({ client: failing.genai, toolSearch: failing.toolSearch }).run({ model: 'm', input: 'hi' }, { callTool })).rejects.toMatchObject({ status: 400 });
  });

  it('masks a credential in a handler error for the model and gives the full error to onWarning (the trial of 3463)', async () => {
    const { double, toolSearch, genai } = await setup(searchingModel('select:create_issue', 'create_issue'));
    const onWarning = vi.fn();
    const result = await createInteractionsClient({ client: genai, toolSearch, onWarning }).run({ model: 'm', input: 'File a bug' }, {
      callTool: () => {
        throw new Error('POST https://api.github.com/repos?access_token=gho_abcdefghijklmnopqrstuvwxyz failed');
      },
    });
    const results = answersOf(double.requests.at(-1)!).filter((step) => step.type === 'function_result');
    expect(results).toEqual([expect.objectContaining({ name: CREATE_ISSUE, result: JSON.stringify({ error: `${CREATE_ISSUE} failed: POST https://api.github.com/repos?access_token=*** failed`, code: 'tool-failed' }) })]);
    expect(JSON.stringify(double.requests.map((request) => request.body))).not.toContain('gho_abc');
    expect(onWarning).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-failed', tool: CREATE_ISSUE, message: expect.stringContaining('access_token=gho_abcdefghijklmnopqrstuvwxyz') }));
    expect(result.warnings.map((warning) => warning.code)).toEqual(['tool-failed']);
  });

  it('rejects bad options with invalid-option', () => {
    const toolSearch = createInteractionsToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() } });
    let caught: unknown;
    try {
      createInteractionsClient({ client: { models: {} } as never, toolSearch });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    expect(String(caught)).toMatch(/createInteractionsClient: client/);
    // The wrong object (here the SDK's models module) holds the API key: the message never shows it.
    let leaked: unknown;
    try {
      createInteractionsClient({ client: new GoogleGenAI({ apiKey: 'secret-key-123' }).models as never, toolSearch });
    } catch (error) {
      leaked = error;
    }
    expect(isLoadoutError(leaked) && leaked.code).toBe('invalid-option');
    expect(String(leaked)).not.toContain('secret-key-123');
  });

  it('refuses stream and background, which run cannot answer', async () => {
    const { double, toolSearch, genai } = await setup(() => ({ steps: [text('never')] }));
    const client = createInteractionsClient({ client: genai, toolSearch });
    for (const extra of [{ stream: true }, { background: true }]) {
      await expect(client.run({ model: 'm', input: 'hi', ...extra }, { callTool: () => null })).rejects.toMatchObject({ code: 'invalid-option' });
    }
    expect(double.requests).toHaveLength(0);
  });
});
