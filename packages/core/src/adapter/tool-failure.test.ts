import { describe, expect, it, vi } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import type { FunctionCall } from './answer-function-call.js';
import { createToolFailureReporter, toolFailure } from './tool-failure.js';
import type { ToolSearchWarning } from './tool-search-warning.js';

const tool = createCatalog([{ name: 'get_weather', server: 'weather' }]).tools[0]!;
const call: FunctionCall = { name: tool.apiName, arguments: { city: 'Paris' }, callId: 'c1', tool };
const SECRET = new Error('GET https://api.example/v1?key=k-123 failed: Authorization: Bearer sk-SECRET-123');

describe('toolFailure', () => {
  it('masks credentials in the message the model reads, and cuts it at 1,000 characters after masking', () => {
    expect(toolFailure('t', SECRET)).toEqual({ error: 't failed: GET https://api.example/v1?key=*** failed: Authorization: Bearer ***', code: 'tool-failed' });
    const long = toolFailure('t', new Error(`${'x'.repeat(995)} Bearer sk-SECRET-123456789`));
    expect(long.error).not.toContain('sk-SECRET');
    expect(long.error.endsWith('…')).toBe(true);
    expect(toolFailure('t', 'plain string')).toEqual({ error: 't failed: "plain string"', code: 'tool-failed' });
  });
});

describe('createToolFailureReporter', () => {
  it('tells onWarning and the run the full error, and the model the masked one', () => {
    const onWarning = vi.fn();
    const warnings: ToolSearchWarning[] = [];
    const failure = createToolFailureReporter('owner', { onWarning })(call, SECRET, warnings);
    expect(failure.error).not.toContain('sk-SECRET-123');
    expect(warnings).toEqual([
      {
        code: 'tool-failed',
        tool: call.name,
        callId: 'c1',
        error: SECRET,
        sent: failure.error,
        message: `owner: the handler of ${call.name} threw: ${SECRET.message}; the model was told ${JSON.stringify(failure.error)}`,
      },
    ]);
    expect(onWarning).toHaveBeenCalledWith(warnings[0]);
  });

  it("sends toolErrorMessage's text; falls back to the masked message when it throws or returns no string; survives a throwing onWarning", () => {
    const report = createToolFailureReporter('owner', { toolErrorMessage: (error, failed) => `${failed.tool?.name} is unavailable (${(error as Error).name})` });
    expect(report(call, SECRET).error).toBe(`${call.name} failed: get_weather is unavailable (Error)`);
    const masked = toolFailure(call.name, SECRET);
    const throwing = createToolFailureReporter('owner', {
      toolErrorMessage: () => {
        throw new Error('bug');
      },
      onWarning: () => {
        throw new Error('listener bug');
      },
    });
    expect(throwing(call, SECRET)).toEqual(masked);
    expect(createToolFailureReporter('owner', { toolErrorMessage: () => 42 as never })(call, SECRET)).toEqual(masked);
  });

  it('refuses a toolErrorMessage that is not a function with invalid-option', () => {
    expect(() => createToolFailureReporter('owner', { toolErrorMessage: 'hide' as never })).toThrow(expect.objectContaining({ code: 'invalid-option' }));
  });
});
