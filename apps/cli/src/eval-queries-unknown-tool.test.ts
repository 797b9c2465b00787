import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Ranker trial F8 (decision 3466): a queries line naming an unknown tool said `line 2 (query "bad/u.jsonl:2")`, the
// line's made-up id where the query text ("x") belongs. The text is shown, and the id beside it when the line gave one.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const fixtures = fileURLToPath(new URL('./__fixtures__/eval-queries/', import.meta.url));

describe('eval --queries with lines naming unknown tools (the demo catalog)', () => {
  it('names each line by its query text, and by its own id when it has one', () => {
    const run = spawnSync(process.execPath, [main, 'eval', '--queries', 'unknown-tools.jsonl', '--no-config'], { cwd: fixtures, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' } });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('\n  line 2 (query "x") names the tool "nope_tool", which is not in');
    expect(run.stderr).toContain('\n  line 3 (query "forecast for paris", id "weather-7") names the tool "nope_weather", which is not in');
    expect(run.stderr).not.toContain('unknown-tools.jsonl:2"');
    expect(run.stderr).toMatch(/\[unknown-tool\]\n$/);
  });
});
