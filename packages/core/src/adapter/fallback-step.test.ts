import { createDeploymentMemory } from './deployment-memory.js';
import { describe, expect, it, vi } from 'vitest';
import type { ToolSearchWarning } from './tool-search-warning.js';
import { createFallbackStep } from './fallback-step.js';

const KEY = 'https://gateway.example/v1?model=gpt-5.4';
/** An SDK error as the provider SDKs throw them: `status` and the API's body under `error`. */
const apiError = (status: number, message: string) => Object.assign(new Error(`${status} ${message}`), { status, error: { error: { message } } });
const rejected = () => Promise.reject(apiError(400, 'tool_search is not supported'));

function setup() {
  const warnings: ToolSearchWarning[] = [];
  const onWarning = vi.fn();
  const memory = createDeploymentMemory();
  const step = createFallbackStep({ pattern: /tool_search/, memory, key: KEY, retried: 'without tool search', warnings, onWarning });
  return { step, warnings, onWarning, memory };
}

describe('createFallbackStep', () => {
  it('resolves the answer of a request that goes through, and reports nothing', async () => {
    const { step, warnings, onWarning, memory } = setup();
    await expect(step.send(true, async () => ({ id: 'resp_1' }))).resolves.toEqual({ sent: true, value: { id: 'resp_1' } });
    expect(step.fellBack).toBe(false);
    expect(warnings).toEqual([]);
    expect(onWarning).not.toHaveBeenCalled();
    expect(memory.has(KEY)).toBe(false);
  });

  it('remembers a deployment that rejects tool search, warns on both channels and asks for the step again', async () => {
    const { step, warnings, onWarning, memory } = setup();
    const outcome = await step.send(true, rejected);
    const warning = { code: 'tool-search-rejected', deployment: KEY, apiMessage: 'tool_search is not supported' };
    expect(outcome).toMatchObject({ sent: false, warning });
    expect(step.fellBack).toBe(true);
    expect(warnings).toEqual([expect.objectContaining(warning)]);
    expect(warnings[0]!.message).toBe(
      `${KEY} rejected tool search (tool_search is not supported); retried without tool search, and later requests to it will skip tool search`,
    );
    expect(onWarning).toHaveBeenCalledWith(warnings[0]);
    expect(memory.has(KEY)).toBe(true);
  });

  it('falls back once a run: a second rejection is thrown unchanged', async () => {
    const { step, warnings } = setup();
    await step.send(true, rejected);
    const again = apiError(400, 'tool_search is not supported');
    await expect(step.send(true, () => Promise.reject(again))).rejects.toBe(again);
    expect(warnings).toHaveLength(1);
  });

  it('takes a 422 too, and a plain object with a status (any SDK copy)', async () => {
    const { step } = setup();
    await expect(step.send(true, () => Promise.reject({ status: 422, error: { message: 'unknown field tool_search' } }))).resolves.toMatchObject({ sent: false });
  });

  it('throws unchanged: a request without tool search, another status, a message naming no tool-search feature, a network error', async () => {
    for (const [error, withToolSearch] of [
      [apiError(400, 'tool_search is not supported'), false],
      [apiError(500, 'tool_search crashed'), true],
      [apiError(401, 'Incorrect API key provided'), true],
      [apiError(400, 'max_tokens is too large'), true],
      [new TypeError('fetch failed'), true],
    ] as const) {
      const { step, warnings, memory } = setup();
      await expect(step.send(withToolSearch, () => Promise.reject(error))).rejects.toBe(error);
      expect(step.fellBack).toBe(false);
      expect(warnings).toEqual([]);
      expect(memory.has(KEY)).toBe(false);
    }
  });
});
