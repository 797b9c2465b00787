import { decideToolSearch, isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { toolSearchEnv } from './tool-search-env.js';
import type { ToolSearchEnvOptions } from './tool-search-env.js';

const base = { PATH: '/usr/bin', HOME: '/home/me', ANTHROPIC_API_KEY: 'sk-test', ENABLE_TOOL_SEARCH: 'false' };

describe('toolSearchEnv', () => {
  it('keeps the inherited environment and sets ENABLE_TOOL_SEARCH', () => {
    expect(toolSearchEnv({ mode: 'auto', percent: 5 }, base)).toEqual({ ...base, ENABLE_TOOL_SEARCH: 'auto:5' });
    expect(toolSearchEnv({ mode: 'auto' }, base)).toEqual({ ...base, ENABLE_TOOL_SEARCH: 'auto' });
    expect(toolSearchEnv({ mode: 'true' }, base)['ENABLE_TOOL_SEARCH']).toBe('true');
    expect(toolSearchEnv({ mode: 'auto', percent: 2.5 }, base)['ENABLE_TOOL_SEARCH']).toBe('auto:2.5');
    expect(base.ENABLE_TOOL_SEARCH).toBe('false');
  });

  it('removes the variable for default, so the inherited value does not leak through', () => {
    const env = toolSearchEnv({ mode: 'default' }, base);
    expect('ENABLE_TOOL_SEARCH' in env).toBe(false);
    expect(env['PATH']).toBe('/usr/bin');
  });

  it('inherits process.env when no base is given', () => {
    expect(toolSearchEnv({ mode: 'false' })['PATH']).toBe(process.env['PATH']);
  });

  it.each<[ToolSearchEnvOptions, string, string]>([
    [{ mode: 'auto', percent: 5 }, 'auto', 'auto-threshold-reached'],
    [{ mode: 'false' }, 'false', 'env-false'],
    [{ mode: 'true' }, 'true', 'env-true'],
    [{ mode: 'default' }, 'unset', 'default-on'],
  ])('is read by the policy as intended: %j', (options, mode, reason) => {
    const decision = decideToolSearch({
      model: 'claude-sonnet-4-6',
      env: toolSearchEnv(options, base),
      tools: [{ name: 'big', server: 'files', tokens: 12_000 }],
    });
    expect(decision.mode).toBe(mode);
    expect(decision.reason).toBe(reason);
    if (mode === 'auto') expect(decision.thresholdPercent).toBe(5);
    expect(decision.warnings).toEqual([]);
  });

  it.each<[unknown, RegExp]>([
    [{ mode: 'sometimes' }, /mode must be auto, true, false or default, got "sometimes"/],
    [{ mode: 'true', percent: 5 }, /percent applies to mode auto only, not true, got 5/],
    [{ mode: 'auto', percent: 101 }, /percent must be a number from 0 to 100 \(got 101\)/],
    [{ mode: 'auto', percent: Number.NaN }, /percent must be a number from 0 to 100/],
    [null, /options must be an object/],
  ])('rejects %j with invalid-option', (options, message) => {
    let caught: unknown;
    try {
      toolSearchEnv(options as ToolSearchEnvOptions, base);
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    expect((caught as Error).message).toMatch(message);
  });
});
