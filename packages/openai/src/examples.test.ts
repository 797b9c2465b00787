import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createBm25Ranker } from '@loadout/bm25';
import { createDemoCatalog } from '@loadout/demo-catalog';
import { createResponsesToolSearch } from './responses/create-responses-tool-search.js';
import { startApiDouble } from './test/api-double.js';
import type { ApiDouble, DoubleRequest, DoubleReply } from './test/api-double.js';
import { declared, messagesOf } from './__fixtures__/chat-items.js';
import { functionCall, inputOf, message, searchOutputs, toolSearchCall } from './__fixtures__/responses-items.js';
import { searchingChatModel } from './test/searching-chat-model.js';

const run = promisify(execFile);
const example = (name: string): string => fileURLToPath(new URL(`../examples/${name}`, import.meta.url));
let double: ApiDouble | undefined;

afterEach(async () => {
  await double?.close();
  double = undefined;
});

/** A model that searches, calls the issue tool it was given, then answers. */
function issueModel(request: DoubleRequest): DoubleReply {
  const outputs = searchOutputs(request.body);
  const answered = inputOf(request.body).some((item) => item['type'] === 'function_call_output');
  if (answered) return { output: [message('Created the issue "Login fails on Safari".')] };
  if (outputs.length === 0) return { output: [toolSearchCall('call_search_1', 'create github issue')] };
  const tools = (outputs[0]!['tools'] as { name: string }[]).map((tool) => tool.name);
  const name = tools.find((tool) => tool.endsWith('github__create_issue'));
  if (name === undefined) return { output: [message('No issue tool was loaded.')] };
  return { output: [functionCall('call_fn_1', name, { owner: 'acme', repo: 'web', title: 'Login fails on Safari' })] };
}

describe('examples/responses-loop.mjs (contract)', () => {
  it('runs one turn with client tool search against a Responses double and prints the final text', async () => {
    double = await startApiDouble(issueModel);
    const { stdout, stderr } = await run(process.execPath, [example('responses-loop.mjs'), double.url], {
      env: { ...process.env, OPENAI_API_KEY: 'test-key' },
    });
    expect(stderr).toBe('');
    expect(stdout).toBe('Created the issue "Login fails on Safari".\n');
    const [first, second, third] = double.requests;
    expect(double.requests).toHaveLength(3);
    expect(first!.path).toBe('/v1/responses');
    expect(first!.headers['authorization']).toBe('Bearer test-key');
    const tools = first!.body['tools'] as Record<string, unknown>[];
    expect(tools[0]).toMatchObject({ type: 'tool_search', execution: 'client' });
    expect(tools[0]!['description']).toMatch(/GitHub/);
    expect(tools.length).toBeLessThan(302 / 4);
    expect(Buffer.byteLength(first!.text)).toBeLessThan(20_000);
    // What was sent is what the adapter renders, so `loadout plan --adapter openai-responses` counts these very tools.
    const planned = createResponsesToolSearch({ catalog: createDemoCatalog(), ranker: createBm25Ranker() }).request();
    expect(tools).toEqual(JSON.parse(JSON.stringify(planned.tools)));
    expect(planned.tokens.bytes).toBe(Buffer.byteLength(JSON.stringify(tools)));
    expect(first!.body['input']).toEqual([{ role: 'user', content: 'Create a GitHub issue titled Login fails on Safari' }]);
    const [output] = searchOutputs(second!.body);
    expect(output).toMatchObject({ type: 'tool_search_output', call_id: 'call_search_1', execution: 'client' });
    const createIssue = (output!['tools'] as Record<string, unknown>[]).find((tool) => tool['name'] === 'mcp__github__create_issue');
    expect(createIssue).toMatchObject({ type: 'function', parameters: { type: 'object', properties: { title: { type: 'string' } } } });
    expect(inputOf(third!.body).at(-1)).toEqual({
      type: 'function_call_output',
      call_id: 'call_fn_1',
      output: JSON.stringify({ ok: true, tool: 'mcp__github__create_issue', result: 'done' }),
    });
  });

  it('exits non-zero with the API error when the server fails', async () => {
    double = await startApiDouble(() => ({ status: 401, error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
    const failure = await run(process.execPath, [example('responses-loop.mjs'), double.url], { env: { ...process.env, OPENAI_API_KEY: 'bad' } }).catch(
      (error: { code: number; stderr: string; stdout: string }) => error,
    );
    expect(failure).toMatchObject({ code: 1, stdout: '' });
    expect((failure as { stderr: string }).stderr).toMatch(/^responses-loop: 401 Incorrect API key provided/);
  });

  it('teaches its usage without a base URL', async () => {
    const failure = await run(process.execPath, [example('responses-loop.mjs')]).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toMatch(/usage: node responses-loop.mjs BASE_URL/);
  });
});

const chatIssueModel = searchingChatModel({
  query: 'create github issue',
  toolSuffix: 'github__create_issue',
  args: { owner: 'acme', repo: 'web', title: 'Login fails on Safari' },
  finalText: 'Created the issue "Login fails on Safari".',
});

describe('examples/chat-loop.mjs', () => {
  it.each(['plain', 'tool-reference'])('runs one turn in %s mode against a Chat Completions double', async (mode) => {
    double = await startApiDouble(chatIssueModel);
    const { stdout, stderr } = await run(process.execPath, [example('chat-loop.mjs'), double.url, mode], { env: { ...process.env, OPENAI_API_KEY: 'k' } });
    expect(stderr).toBe('');
    expect(stdout).toBe('Created the issue "Login fails on Safari".\n');
    const [first, second, third] = double.requests;
    expect(double.requests).toHaveLength(3);
    const deferredDeclared = declared(first!.body).filter((name) => name.endsWith('*')).length;
    expect(deferredDeclared).toBe(mode === 'plain' ? 0 : 277);
    if (mode === 'plain') {
      expect(Buffer.byteLength(first!.text)).toBeLessThan(20_000);
      expect(declared(second!.body)).toContain('mcp__github__create_issue');
    }
    expect(messagesOf(third!.body).at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'call_fn_1',
      content: JSON.stringify({ ok: true, tool: 'mcp__github__create_issue', result: 'done' }),
    });
  });
});
