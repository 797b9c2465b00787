import { GoogleGenAI } from '@google/genai';
import { isLoadoutError } from '@loadout/core';
import { createDeploymentMemory, createDiscoverySession } from '@loadout/core/adapter';
import { createFakeRanker, createFakeTokenCounter } from '@loadout/core/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CREATE_ISSUE, TOOLS, WEATHER } from './__fixtures__/catalog.js';
import { startGeminiDouble } from './__fixtures__/gemini-double.js';
import type { GeminiDouble, GeminiDoubleReply, GeminiDoubleRequest } from './__fixtures__/gemini-double.js';
import { createGeminiClient } from './create-gemini-client.js';
import { createGeminiToolSearch } from './create-gemini-tool-search.js';

const doubles: GeminiDouble[] = [];
afterEach(async () => {
  await Promise.all(doubles.splice(0).map((double) => double.close()));
});

async function setup(model: (request: GeminiDoubleRequest, index: number) => GeminiDoubleReply) {
  const double = await startGeminiDouble(model);
  doubles.push(double);
  const toolSearch = createGeminiToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() } });
  const genai = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: double.url } });
  return { double, toolSearch, genai };
}

/** The names declared in one request the double received. */
const declared = (request: GeminiDoubleRequest): string[] =>
  ((request.body['tools'] ?? []) as { functionDeclarations?: { name: string }[] }[]).flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration) => declaration.name));
/** The function responses of the request's last content. */
const lastResponses = (request: GeminiDoubleRequest): { id?: string; name: string; response: Record<string, unknown> }[] => {
  const contents = request.body['contents'] as { parts: { functionResponse?: { id?: string; name: string; response: Record<string, unknown> } }[] }[];
  return contents.at(-1)!.parts.flatMap((part) => (part.functionResponse === undefined ? [] : [part.functionResponse]));
};

/** A model that searches, calls the first loaded tool ending with `suffix`, then answers. */
const searchingModel = (query: string, suffix: string) => (request: GeminiDoubleRequest): GeminiDoubleReply => {
  const responses = lastResponses(request);
  if (responses.some((response) => response.name.endsWith(suffix))) return { parts: [{ text: 'Done: ' }, { text: 'filed.' }] };
  const found = responses.find((response) => response.name === 'search_tools');
  if (found === undefined) return { parts: [{ functionCall: { id: 'call_s', name: 'search_tools', args: { query } } }] };
  const name = (found.response['loaded'] as string[]).find((tool) => tool.endsWith(suffix));
  return { parts: [{ functionCall: { id: 'call_f', name, args: { repo: 'a/b', title: 'Bug' } } }] };
};

describe('createGeminiClient with the @google/genai client', () => {
  it('searches client-side, declares the found tool in the next request, runs it and returns the answer', async () => {
    const { double, toolSearch, genai } = await setup(searchingModel('select:create_issue', 'create_issue'));
    const callTool = vi.fn(() => ({ url: 'https://issues/1' }));
    const result = await createGeminiClient({ client: genai, toolSearch }).run({ model: 'gemini-2.5-flash', contents: 'File a bug' }, { callTool });
    expect(result.text).toBe('Done: filed.');
    expect(result.steps).toBe(3);
    expect(result.loaded).toEqual([CREATE_ISSUE]);
    expect(result.mode).toBe('search');
    expect(callTool).toHaveBeenCalledWith({ name: CREATE_ISSUE, arguments: { repo: 'a/b', title: 'Bug' }, callId: 'call_f', tool: toolSearch.toolFor(CREATE_ISSUE) });
    expect(double.requests[0]!.path).toMatch(/models\/gemini-2\.5-flash:generateContent$/);
    expect(double.requests[0]!.headers['x-goog-api-key']).toBe('test-key');
    expect(declared(double.requests[0]!)).toEqual(['search_tools', 'Bash', 'mcp__github__whoami']);
    expect(lastResponses(double.requests[1]!)[0]).toMatchObject({ id: 'call_s', name: 'search_tools', response: { loaded: [CREATE_ISSUE] } });
    expect(declared(double.requests[1]!)).toEqual(['search_tools', 'Bash', 'mcp__github__whoami', CREATE_ISSUE]);
    expect(lastResponses(double.requests[2]!)).toEqual([{ id: 'call_f', name: CREATE_ISSUE, response: { url: 'https://issues/1' } }]);
  });

  it('carries discovered tools across turns and drops them when the contents no longer hold the answer', async () => {
    const { double, toolSearch, genai } = await setup((request) => (declared(request).includes(CREATE_ISSUE) && lastResponses(request).length === 0 ? { parts: [{ text: 'again' }] } : searchingModel('select:create_issue', 'create_issue')(request)));
    // A client with a session of its own (one conversation) also reports a compaction between runs.
    const client = createGeminiClient({ client: genai, toolSearch, session: createDiscoverySession() });
    const first = await client.run({ model: 'm', contents: 'File a bug' }, { callTool: () => 'ok' });
    const second = await client.run({ model: 'm', contents: [...first.contents, { role: 'user', parts: [{ text: 'And another' }] }] }, { callTool: () => 'ok' });
    expect(second.text).toBe('again');
    expect(declared(double.requests.at(-1)!)).toContain(CREATE_ISSUE);
    const compacted = await client.run({ model: 'm', contents: [{ role: 'user', parts: [{ text: 'Summary of earlier work.' }] }] }, { callTool: () => 'ok' });
    expect(compacted.unloaded).toEqual([CREATE_ISSUE]);
  });

  it('serves two concurrent runs with one client: each run has its own session', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let startB!: () => void;
    const bStarts = new Promise<void>((resolve) => (startB = resolve));
    const reply = (parts: unknown[]) => ({ candidates: [{ content: { role: 'model', parts } }] });
    // A's second request (its search answer synced) starts B and is answered only after B's request was synced and sent.
    const generateContent = async (params: { contents: { parts: { text?: string; functionResponse?: { name: string } }[] }[] }) => {
      if (params.contents[0]!.parts[0]!.text === 'B: hello') {
        openGate();
        return reply([{ text: 'B done' }]);
      }
      const answered = params.contents.flatMap((content) => content.parts).flatMap((part) => (part.functionResponse ? [part.functionResponse.name] : []));
      if (answered.length === 0) return reply([{ functionCall: { id: 'call_s', name: 'search_tools', args: { query: 'select:create_issue' } } }]);
      if (answered.length === 1) {
        startB();
        await gate;
        return reply([{ functionCall: { id: 'call_f', name: CREATE_ISSUE, args: { repo: 'a/b', title: 'Bug' } } }]);
      }
      return reply([{ text: 'A done' }]);
    };
    const toolSearch = createGeminiToolSearch({ tools: TOOLS, ranker: createFakeRanker(), planOptions: { tokenCounter: createFakeTokenCounter() } });
    const client = createGeminiClient({ client: { models: { generateContent } } as never, toolSearch });
    const callTool = vi.fn(() => ({ url: 'https://issues/1' }));
    const a = client.run({ model: 'm', contents: 'A: file a bug' }, { callTool });
    const b = bStarts.then(() => client.run({ model: 'm', contents: 'B: hello' }, { callTool }));
    const [resultA, resultB] = await Promise.all([a, b]);
    expect([resultA.text, resultB.text]).toEqual(['A done', 'B done']);
    expect(callTool).toHaveBeenCalledTimes(1);
    expect(resultA.loaded).toEqual([CREATE_ISSUE]);
    expect(resultB).toMatchObject({ loaded: [], unloaded: [] });
  });

  it('answers a callTool that throws with a tool-failed function response and goes on', async () => {
    const { double, toolSearch, genai } = await setup(searchingModel('select:create_issue', 'create_issue'));
    const result = await createGeminiClient({ client: genai, toolSearch }).run({ model: 'm', contents: 'File a bug' }, {
      callTool: () => {
        throw new Error('db down');
      },
    });
    expect(result.steps).toBe(3);
    expect(lastResponses(double.requests[2]!)).toEqual([expect.objectContaining({ name: CREATE_ISSUE, response: { error: `${CREATE_ISSUE} failed: db down`, code: 'tool-failed' } })]);
  });

  it('masks a credential in a handler error for the model and gives the full error to onWarning (the trial of 3463)', async () => {
    const { double, toolSearch, genai } = await setup(searchingModel('select:create_issue', 'create_issue'));
    const onWarning = vi.fn();
    const result = await createGeminiClient({ client: genai, toolSearch, onWarning }).run({ model: 'm', contents: 'File a bug' }, {
      callTool: () => {
        throw new Error('github failed: Authorization: Bearer ghp_abcdefghijklmnopqrstuvwxyz');
      },
    });
    const sent = `${CREATE_ISSUE} failed: github failed: Authorization: Bearer ***`;
    expect(lastResponses(double.requests[2]!)).toEqual([expect.objectContaining({ name: CREATE_ISSUE, response: { error: sent, code: 'tool-failed' } })]);
    expect(JSON.stringify(double.requests.map((request) => request.body))).not.toContain('ghp_abc');
    expect(onWarning).toHaveBeenCalledWith(expect.objectContaining({ code: 'tool-failed', tool: CREATE_ISSUE, sent, message: expect.stringContaining('Bearer ghp_abcdefghijklmnopqrstuvwxyz') }));
    expect(result.warnings.map((warning) => warning.code)).toEqual(['tool-failed']);
  });

  it('answers a call of a deferred tool never loaded, and of an unknown name, without running callTool', async () => {
    const { double, toolSearch, genai } = await setup((request, index) =>
      index === 0 ? { parts: [{ functionCall: { id: 'a', name: WEATHER, args: {} } }, { functionCall: { id: 'b', name: 'nope', args: {} } }] } : { parts: [{ text: 'ok' }] },
    );
    const callTool = vi.fn();
    await createGeminiClient({ client: genai, toolSearch }).run({ model: 'm', contents: 'hi' }, { callTool });
    expect(callTool).not.toHaveBeenCalled();
    expect(lastResponses(double.requests[1]!)).toEqual([
      { id: 'a', name: WEATHER, response: { error: `tool ${WEATHER} is not loaded; call search_tools to load it first`, code: 'tool-not-loaded' } },
      { id: 'b', name: 'nope', response: { error: 'there is no tool named nope', code: 'unknown-tool' } },
    ]);
  });

  it('falls back once to every tool upfront when the service rejects the search function, remembers the deployment and warns', async () => {
    const { double, toolSearch, genai } = await setup((request) =>
      declared(request).includes('search_tools') ? { status: 400, message: 'Invalid JSON payload received. Unknown name "additionalProperties"' } : { parts: [{ text: 'fine' }] },
    );
    const memory = createDeploymentMemory();
    const onWarning = vi.fn();
    const client = createGeminiClient({ client: genai, toolSearch, memory, onWarning, deployment: double.url });
    const result = await client.run({ model: 'gemini-2.5-flash', contents: 'hi' }, { callTool: () => null });
    expect(result).toMatchObject({ text: 'fine', fallback: true, mode: 'upfront', steps: 1 });
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'tool-search-rejected', deployment: `${double.url}?model=gemini-2.5-flash` })]);
    expect(onWarning).toHaveBeenCalledWith(result.warnings[0]);
    expect(declared(double.requests[1]!)).toHaveLength(TOOLS.length);
    const again = await client.run({ model: 'gemini-2.5-flash', contents: 'hi' }, { callTool: () => null });
    expect(again).toMatchObject({ fallback: false, warnings: [] });
    expect(double.requests).toHaveLength(3);
  });

  it('throws every other API error unchanged, and rejects bad options with invalid-option', async () => {
    const { toolSearch, genai } = await setup(() => ({ status: 400, message: 'API key not valid' }));
    await expect(createGeminiClient({ client: genai, toolSearch }).run({ model: 'm', contents: 'hi' }, { callTool: () => null })).rejects.toMatchObject({ status: 400 });
    let caught: unknown;
    try {
      createGeminiClient({ client: {} as never, toolSearch });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    let leaked: unknown;
    try {
      createGeminiClient({ client: { apiClient: { apiKey: 'secret-key-123' } } as never, toolSearch });
    } catch (error) {
      leaked = error;
    }
    expect(String(leaked)).not.toContain('secret-key-123');
  });
});
