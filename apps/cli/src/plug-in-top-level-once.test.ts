import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';

// Decision 3460: a plug-in module's top-level code ran twice per command, once in the main thread to check
// its definition and again in its worker: a 3 s model load cost 6.5 s, and a side effect (a connection, a
// file, a log line) happened twice. The module now loads in its worker only. The built CLI runs as a user
// runs it; each module appends a line to a counter file at top level, so the runs are counted, not timed.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const reverse = fileURLToPath(new URL('../../../docs/examples/reverse-ranker.mjs', import.meta.url));
const weatherServer = fileURLToPath(new URL('../../../packages/mcp/src/__fixtures__/weather-server.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'loadout-top-level-once-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };

/** Top-level code that counts its runs in `counter` and waits a little, as a module loading a model does. */
const counting = (counter: string): string =>
  `import { appendFileSync } from 'node:fs';\nappendFileSync(new URL('./${counter}', import.meta.url), 'ran\\n');\nawait new Promise((resolve) => setTimeout(resolve, 200));\n`;
const ranker = `${counting('ranker-runs')}import base from ${JSON.stringify(reverse)};\nexport default { ...base, name: 'once' };\n`;
const mod = `${counting('mod-runs')}export default { name: 'shout', hooks: { 'tool.describe': (event, next) => ({ description: next().description.toUpperCase() }) } };\n`;

let cases = 0;
/** A folder with the counting ranker and mod and a config registering them (plus `extra`); returns the folder. */
function scratch(extra: Record<string, unknown> = {}): string {
  const folder = join(root, `case-${cases++}`);
  mkdirSync(folder);
  writeFileSync(join(folder, 'once.mjs'), ranker);
  writeFileSync(join(folder, 'shout.mjs'), mod);
  writeFileSync(join(folder, 'c.json'), JSON.stringify({ rankers: { once: './once.mjs' }, plugins: ['./shout.mjs'], ...extra }));
  return folder;
}
const runs = (folder: string, counter: string): number => (existsSync(join(folder, counter)) ? readFileSync(join(folder, counter), 'utf8').split('\n').filter(Boolean).length : 0);

function loadout(folder: string, args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, ...args, '--config', 'c.json'], { cwd: folder, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("a plug-in module's top-level code runs once per command", () => {
  it.each([
    ['search ranking with it', ['search', 'create issue', '--json'], { ranker: 'once' }],
    ['search --ranker names it', ['search', 'create issue', '--json', '--ranker', 'once'], {}],
    ['eval --ranker names it', ['eval', '--json', '--ranker', 'once'], {}],
  ])('%s: the ranker and the mod file ran their top level once each, and both answered', (_, args, extra) => {
    const folder = scratch(extra);
    const run = loadout(folder, args);
    // eval reports its progress on stderr; nothing else is said, no warning, no error.
    expect(run.stderr).not.toMatch(/warn|\[[a-z-]+\]/);
    expect(run.status).toBe(0);
    expect(runs(folder, 'ranker-runs')).toBe(1);
    expect(runs(folder, 'mod-runs')).toBe(1);
    // The ranker ranked (eval names it) and the mod's hook ran (search shows its descriptions).
    const answer = JSON.parse(run.stdout) as { ranker: string; hits?: { description: string }[]; failedQueries?: number };
    expect(answer.ranker).toBe('once');
    if (args[0] === 'eval') expect(answer.failedQueries).toBe(0);
    else expect(answer.hits?.[0]?.description).toMatch(/^CREATE [^a-z]+$/);
  });

  it('loadout rankers: once, and the ranker listed with its definition', () => {
    const folder = scratch();
    const run = loadout(folder, ['rankers', '--json']);
    expect(run.status).toBe(0);
    expect(runs(folder, 'ranker-runs')).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ rankers: expect.arrayContaining([expect.objectContaining({ name: 'once', queryKind: 'keywords' })]) });
  });

  it('loadout serve: once by the first answer', async () => {
    const folder = scratch({ ranker: 'once', mcpServers: { weather: { command: process.execPath, args: [weatherServer] } } });
    const client = new Client({ name: 'top-level-once-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [main, 'serve', '--config', 'c.json'], cwd: folder, env: { PATH: process.env['PATH'] ?? '' }, stderr: 'pipe' }));
    try {
      const result = await client.callTool({ name: 'search_tools', arguments: { query: 'forecast' } }, undefined, { timeout: 60_000 });
      expect(result.isError).not.toBe(true);
      expect((result.structuredContent as { tools: { name: string }[] }).tools.map((tool) => tool.name)).toContain('mcp__weather__get_forecast');
      expect(runs(folder, 'ranker-runs')).toBe(1);
      expect(runs(folder, 'mod-runs')).toBe(1);
    } finally {
      await client.close();
    }
  }, 60_000);
});
