import { describe, expect, it, vi } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import { answerFunctionCall } from './answer-function-call.js';
import type { FunctionCallHandler } from './answer-function-call.js';

const catalog = createCatalog([{ name: 'get_weather', server: 'weather' }]);
const context = (callTool = vi.fn(() => 'ran')) => ({
  toolFor: (name: string) => catalog.byApiName.get(name),
  notLoaded: () => false,
  ownNames: new Set(['mine']),
  searchName: 'search_tools',
  callTool,
  called: vi.fn(),
});

describe('answerFunctionCall', () => {
  it.each([['[1,2]', 'an array of 2 items'], ['"a string"', '"a string"'], ['7', '7'], ['null', 'null']])('refuses arguments %s that are not a JSON object (invalid-input), without the handler', async (text, shown) => {
    const run = context();
    const output = JSON.parse(await answerFunctionCall('mcp__weather__get_weather', text, 'c1', run)) as { error: string; code: string };
    expect(output).toEqual({ error: `mcp__weather__get_weather: arguments must be a JSON object, got ${shown}`, code: 'invalid-input' });
    expect(run.callTool).not.toHaveBeenCalled();
    expect(run.called).not.toHaveBeenCalled();
    expect(JSON.parse(await answerFunctionCall('mine', [1, 2], 'c2', run))).toMatchObject({ code: 'invalid-input' });
  });

  it('runs an object (or empty) argument list, typed as one: a README-style handler of Record<string, unknown> compiles', async () => {
    const handlers: Record<string, (args: Record<string, unknown>) => string> = { mcp__weather__get_weather: (args) => `ran ${Object.keys(args).join()}` };
    const handler: FunctionCallHandler = ({ name, arguments: args }) => handlers[name]!(args);
    expect(await answerFunctionCall('mcp__weather__get_weather', '{"city":"Paris"}', 'c0', context(vi.fn(handler)))).toBe('ran city');
    const run = context();
    expect(await answerFunctionCall('mcp__weather__get_weather', '{"city":"Paris"}', 'c1', run)).toBe('ran');
    expect(await answerFunctionCall('mcp__weather__get_weather', '', 'c2', run)).toBe('ran');
    expect(run.callTool).toHaveBeenCalledTimes(2);
  });

  it('answers a handler that throws or rejects with a tool-failed output instead of rejecting', async () => {
    const thrown = context(vi.fn(() => {
      throw new Error('db down');
    }));
    expect(JSON.parse(await answerFunctionCall('mcp__weather__get_weather', '{}', 'c1', thrown))).toEqual({ error: 'mcp__weather__get_weather failed: db down', code: 'tool-failed' });
    const rejected = context(vi.fn(() => Promise.reject('x'.repeat(1_200))));
    const output = JSON.parse(await answerFunctionCall('mine', '{}', 'c2', rejected)) as { error: string; code: string };
    expect(output.code).toBe('tool-failed');
    expect(output.error.length).toBeLessThan(1_100);
    expect(output.error.startsWith('mine failed: "xxx')).toBe(true);
  });

  it('masks a credential in a thrown message by default, and answers with `failed` when the context gives it', async () => {
    const thrown = context(vi.fn(() => {
      throw new Error('Authorization: Bearer sk-SECRET-123');
    }));
    expect(JSON.parse(await answerFunctionCall('mcp__weather__get_weather', '{}', 'c1', thrown))).toEqual({ error: 'mcp__weather__get_weather failed: Authorization: Bearer ***', code: 'tool-failed' });
    const failed = vi.fn(() => ({ error: 'hidden', code: 'tool-failed' as const }));
    expect(JSON.parse(await answerFunctionCall('mcp__weather__get_weather', '{"city":"Paris"}', 'c2', { ...thrown, failed }))).toEqual({ error: 'hidden', code: 'tool-failed' });
    expect(failed).toHaveBeenCalledWith({ name: 'mcp__weather__get_weather', arguments: { city: 'Paris' }, callId: 'c2', tool: catalog.tools[0] }, expect.any(Error));
  });
});
