import { readFileSync } from 'node:fs';
import { markedExample } from '@loadout/core/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { functionCall, inputOf, message, searchOutputs, toolSearchCall } from './__fixtures__/responses-items.js';
import { startApiDouble } from './test/api-double.js';
import type { ApiDouble, DoubleRequest, DoubleReply } from './test/api-double.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const fixture = (name: string): string => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');

const example = (marker: string): string => markedExample(readme, marker);

const ENV_KEYS = ['OPENAI_BASE_URL', 'OPENAI_API_KEY'] as const;
const saved = new Map<string, string | undefined>();
let double: ApiDouble | undefined;
afterEach(async () => {
  await double?.close();
  for (const [key, value] of saved) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  vi.restoreAllMocks();
});

/** Searches, calls the issue tool its search loaded, then answers with the function's output. */
function issueModel(request: DoubleRequest): DoubleReply {
  const answered = inputOf(request.body).find((item) => item['type'] === 'function_call_output');
  if (answered !== undefined) return { output: [message(`Done: ${String(answered['output'])}`)] };
  const [found] = searchOutputs(request.body);
  if (found === undefined) return { output: [toolSearchCall('call_s1', 'create github issue')] };
  const name = (found['tools'] as { name: string }[])[0]!.name;
  return { output: [functionCall('call_f1', name, { title: 'Login fails on Safari' })] };
}

describe('README', () => {
  it('shows the fixture exactly', () => {
    expect(example('responses')).toBe(fixture('readme-example.ts'));
  });

  // The trial of 3463: handlers keyed by `name` (the API name) failed every call with `myHandlers[name] is not a function`.
  it('runs the Responses example as written: the handler keyed by the tool name runs', async () => {
    double = await startApiDouble(issueModel);
    for (const key of ENV_KEYS) saved.set(key, process.env[key]);
    process.env['OPENAI_BASE_URL'] = double.url;
    process.env['OPENAI_API_KEY'] = 'test-key';
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await import('./__fixtures__/readme-example.js');

    expect(log.mock.calls).toEqual([['Done: created issue #1: Login fails on Safari', ['mcp__github__create_issue']]]);
    expect(warn).not.toHaveBeenCalled();
    expect(double.requests).toHaveLength(3);
  });
});
