import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Trial-plugins items 1 and 15 (decision 3449): a plug-in's or a module config's console.log went to stdout,
// breaking --json and serve's MCP stdio channel; what a hook or a search printed in its worker was lost by
// plan and search; and eval with a dozen plug-in rankers printed Node's MaxListenersExceededWarning. The
// built CLI runs as a user runs it.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const reverse = fileURLToPath(new URL('../../../docs/examples/reverse-ranker.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'loadout-plug-in-output-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const env = { ...process.env, LOADOUT_DEBUG: '', NO_COLOR: '1' };

const write = (name: string, text: string): string => {
  writeFileSync(join(folder, name), text);
  return name;
};
write('loud-mod.mjs', `console.log('mod top-level log');\nprocess.stdout.write('mod top-level write\\n');\nexport default { name: 'loud', hooks: { 'tool.describe'(event, next) { console.log('hook log'); console.error('hook error log'); return next(); } } };\n`);
write('loud-ranker.mjs', `import base from ${JSON.stringify(reverse)};\nconsole.log('ranker top-level log');\nexport default { ...base, name: 'loud', create(options) { const ranker = base.create(options); return { ...ranker, get size() { return ranker.size; }, search(query, searchOptions) { console.log('search log'); return ranker.search(query, searchOptions); } }; } };\n`);
const loud = write('c-loud.mjs', `console.log('config log');\nexport default { ranker: 'loud', rankers: { loud: './loud-ranker.mjs' }, plugins: ['./loud-mod.mjs'] };\n`);
const many = Array.from({ length: 12 }, (_, index) => `r${index}`);
for (const name of many) write(`${name}.mjs`, `import base from ${JSON.stringify(reverse)};\nexport default { ...base, name: '${name}' };\n`);
const dozen = write('c-many.mjs', `export default { rankers: ${JSON.stringify(Object.fromEntries(many.map((name) => [name, `./${name}.mjs`])))} };\n`);

function loadout(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [main, ...args], { cwd: folder, env, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('what a plug-in prints goes to stderr, never to stdout', () => {
  it.each([
    ['search --json', ['search', 'create issue', '--json'], ['search log', 'hook log', 'hook error log']],
    ['plan --json', ['plan', '--json'], ['hook log', 'hook error log']],
    ['rankers --json', ['rankers', '--json'], ['ranker top-level log']],
    ['eval --json', ['eval', '--json'], ['search log']],
  ])('%s: stdout is the JSON document; the logs of the config, the modules and the hooks are on stderr', (_, args, logs) => {
    const run = loadout([...args, '--config', loud]);
    expect(run.status).toBe(0);
    expect(() => JSON.parse(run.stdout)).not.toThrow();
    expect(run.stdout).not.toMatch(/top-level|hook (error )?log|search log|config log/);
    for (const log of ['config log', 'mod top-level log', 'mod top-level write', ...logs]) expect(run.stderr).toContain(`${log}\n`);
  });

  it('serve over stdio: only MCP messages on stdout', async () => {
    const served = write('c-served.mjs', `console.log('config log');\nexport default { ranker: 'loud', rankers: { loud: './loud-ranker.mjs' }, plugins: ['./loud-mod.mjs'], mcpServers: {} };\n`);
    const child = spawn(process.execPath, [main, 'serve', '--config', served], { cwd: folder, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const answered = new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()).includes('"id":1') && resolve()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } })}\n`);
    await answered;
    child.stdin.end();
    expect(await exited).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { jsonrpc?: string }).jsonrpc)).toEqual(lines.map(() => '2.0'));
    expect(stderr).toContain('config log\n');
    expect(stderr).toContain('mod top-level log\n');
    expect(stderr).toContain('ranker top-level log\n');
  }, 60_000);

  it('eval --ranker all with 12 plug-in rankers: no MaxListenersExceededWarning', () => {
    const run = loadout(['eval', '--config', dozen, '--ranker', 'all', '--json']);
    expect(run.status).toBe(0);
    expect(run.stderr).not.toMatch(/MaxListeners|Warning/);
  }, 60_000);
});
