import { readFileSync } from 'node:fs';
import { afterExampleMarker, markedExample } from '@loadout/core/test';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const fixture = readFileSync(new URL('./__fixtures__/readme-example.ts', import.meta.url), 'utf8');

const example = (marker: string): string => markedExample(readme, marker);

describe('README', () => {
  // The fixture is type-checked with the package (tsc), so the loop's handler shape compiles as shown.
  it('shows the fixture after its marker line exactly', () => {
    expect(afterExampleMarker(fixture)).toBe(example('gemini-loop'));
  });

  // The trial of 3463: handlers keyed by `name` (the API name) failed every call.
  it('keys handlers by the tool name in every example', () => {
    expect(readme).not.toMatch(/myHandlers\[name\]/);
    expect(readme.match(/myHandlers\[tool\?\.name \?\? ''\]/g)?.length).toBe(3);
  });
});
