import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const fixture = readFileSync(new URL('./__fixtures__/readme-example.ts', import.meta.url), 'utf8');

function example(marker: string): string {
  const opening = `<!-- example:${marker} -->\n\`\`\`ts\n`;
  const start = readme.indexOf(opening);
  expect(start, `README has no ${marker} example`).toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n```\n', start + opening.length);
  return readme.slice(start + opening.length, end + 1);
}

describe('README', () => {
  // The fixture is type-checked with the package (tsc), so the loop's handler shape compiles as shown.
  it('shows the fixture after its marker line exactly', () => {
    expect(fixture.slice(fixture.indexOf('// README example:\n') + '// README example:\n'.length)).toBe(example('gemini-loop'));
  });

  // The trial of 3463: handlers keyed by `name` (the API name) failed every call.
  it('keys handlers by the tool name in every example', () => {
    expect(readme).not.toMatch(/myHandlers\[name\]/);
    expect(readme.match(/myHandlers\[tool\?\.name \?\? ''\]/g)?.length).toBe(3);
  });
});
