import { readFileSync } from 'node:fs';
import { afterExampleMarker, markedExample } from '@loadout/core/test';
import { afterEach, describe, expect, it, vi } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const fixture = readFileSync(new URL('./__fixtures__/readme-example.ts', import.meta.url), 'utf8');

const example = (marker: string): string => markedExample(readme, marker);

afterEach(() => vi.restoreAllMocks());

describe('README', () => {
  it('shows the fixture after its marker line exactly', () => {
    expect(afterExampleMarker(fixture)).toBe(example('generate-text'));
  });

  // The trial of 3463: handlers keyed by `name` (the API name) failed every call with `myHandlers[name] is not a function`.
  it('runs the example as written: the handler keyed by the tool name runs and its output reaches the model', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { model } = await import('./__fixtures__/readme-example.js');
    expect(log.mock.calls).toEqual([['Filed.']]);
    expect(warn).not.toHaveBeenCalled();
    expect(JSON.stringify(model.doGenerateCalls[2]!.prompt)).toContain('created issue #1: Login fails on Safari');
  });
});
