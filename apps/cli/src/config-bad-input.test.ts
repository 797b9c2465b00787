import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 8's bad-input list, as a user meets it: the built `loadout` in a
// fresh folder outside the workspace, one bad configuration each. Every one
// is exit 2 and one stderr line naming the file, the key and the value with
// a stable code: never a stack trace, never the file's contents or a secret.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const weatherServer = fileURLToPath(new URL('../../../packages/mcp/src/__fixtures__/weather-server.mjs', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function scratch(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-bad-config-'));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  return folder;
}

interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function loadout(cwd: string, args: readonly string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    // Trust records stay in the scratch folder (never the user's ~/.config).
    execFile(process.execPath, [main, ...args], { cwd, env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', LOADOUT_CONFIG_HOME: join(cwd, '.loadout-home') } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

const definition = (name: string) => `export default { specificationVersion: 'v1', name: ${JSON.stringify(name)}, queryKind: 'keywords', create: () => ({}) };\n`;
const mod = (name: string) => `export default { name: ${JSON.stringify(name)}, hooks: { 'tool.describe': (event, next) => next() } };\n`;
const SECRET = 'sk-live-0123456789abcdef';

describe('bad configurations, from a scratch folder, through the built CLI', () => {
  it.each<[string, Record<string, string>, readonly string[], string, RegExp]>([
    ['an unknown ranker name', { 'loadout.config.json': '{ "ranker": "revers" }' }, ['search', 'x'], 'unknown-ranker', /loadout\.config\.json: ranker: unknown ranker "revers"; .*valid names: bm25f/],
    ['an unknown --ranker', {}, ['search', 'x', '--ranker', 'bm25g'], 'unknown-ranker', /unknown ranker "bm25g"; valid names: .*; did you mean "bm25f"\?/],
    ['an unknown key, with the nearest', { 'loadout.config.json': '{ "plugin": ["./m.mjs"] }' }, ['plan'], 'config-unknown-key', /loadout\.config\.json: unknown key "plugin"; did you mean "plugins"\?/],
    // Trusting it is refused (it was pinned as absent, and search then said this).
    ['a module that does not exist', { 'loadout.config.json': '{ "rankers": { "reverse": "./reverse-ranker.mjs" } }' }, ['trust'], 'plugin-not-found', /loadout\.config\.json: rankers\.reverse: no such file .*reverse-ranker\.mjs \(got "\.\/reverse-ranker\.mjs"\)/],
    ['a default export that is not a definition', { 'loadout.config.json': '{ "rankers": { "reverse": "./r.mjs" } }', 'r.mjs': `export default { name: 'reverse', secret: '${SECRET}' };\n` }, ['eval', '--tools', 't', '--queries', 'q', '--ranker', 'reverse'], 'ranker-invalid', /rankers\.reverse \(.*r\.mjs\): its default export: not a ranker definition: specificationVersion must be "v1"/],
    ['a default export that is not a mod', { 'loadout.config.json': '{ "plugins": ["./m.mjs"] }', 'm.mjs': 'export default 42;\n' }, ['plan'], 'mod-invalid', /loadout\.config\.json: plugins\[0\] \(.*m\.mjs\): /],
    ['a mod module that throws at load', { 'loadout.config.mjs': "export default { plugins: ['./m.mjs'] };\n", 'm.mjs': `const token = '${SECRET}';\nthrow new Error('no credentials');\n` }, ['search', 'x'], 'plugin-load-failed', /loadout\.config\.mjs: plugins\[0\]: .*m\.mjs threw while loading: no credentials \(got "\.\/m\.mjs"\)/],
    ['two plug-ins with one name', { 'loadout.config.json': '{ "plugins": ["./a.mjs", "./b.mjs"] }', 'a.mjs': mod('team'), 'b.mjs': mod('team') }, ['plan'], 'plugin-duplicate', /plugins\[1\]: .*b\.mjs and .*a\.mjs both define a mod named "team"/],
    ['a ranker named like a built-in', { 'loadout.config.json': '{ "rankers": { "regex": "./r.mjs" } }', 'r.mjs': definition('regex') }, ['search', 'x'], 'plugin-duplicate', /loadout\.config\.json: rankers\.regex: "regex" is a built-in ranker's name/],
    ['a secret env value of the wrong type', { 'loadout.config.json': `{ "mcpServers": { "github": { "command": "gh-mcp", "env": { "GITHUB_TOKEN": ${JSON.stringify([SECRET])} } } } }` }, ['serve'], 'mcp-invalid-config', /loadout\.config\.json: server "github": env\.GITHUB_TOKEN must be a string \(got an array\)/],
    ['a secret header of the wrong type', { 'loadout.config.json': `{ "mcpServers": { "api": { "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": { "token": "${SECRET}" } } } } }` }, ['serve'], 'mcp-invalid-config', /server "api": headers\.Authorization must be a string \(got an object\)/],
    ['mcpServers that are not an object', { 'loadout.config.json': `{ "mcpServers": ["${SECRET}"] }` }, ['serve'], 'config-invalid', /loadout\.config\.json: mcpServers: must be an object of server name → .* \(got an array\)/],
    ['a ranker start budget out of range', { 'loadout.config.json': '{ "rankers": { "slow": { "module": "./slow.mjs", "startTimeoutMs": 100 } } }', 'slow.mjs': definition('slow') }, ['search', 'x'], 'config-invalid', /loadout\.config\.json: rankers\.slow\.startTimeoutMs: must be an integer from 1000 to 600000 \(ms\) \(got 100\)/],
    ['a misspelt ranker start budget', { 'loadout.config.json': '{ "rankers": { "slow": { "module": "./slow.mjs", "startTimeout": 60000 } } }', 'slow.mjs': definition('slow') }, ['search', 'x'], 'config-unknown-key', /loadout\.config\.json: unknown key "startTimeout" in rankers\.slow; did you mean "startTimeoutMs"\?/],
    ['malformed JSON', { 'loadout.config.json': `{ "mcpServers": { "a": { "env": { "TOKEN": "${SECRET}" } } ` }, ['plan'], 'config-invalid', /loadout\.config\.json: invalid JSON at line 1, column \d+/],
  ])('%s: exit 2, one line with the code, the file, the key and the value', async (_, files, args, code, message) => {
    const folder = scratch(files);
    // The user read the config and trusted it (malformed JSON cannot be trusted: that refusal is the same error).
    if (Object.keys(files).length > 0) await loadout(folder, ['trust']);
    const outcome = await loadout(folder, args);
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(new RegExp(`^loadout ${args[0]}: .*\\[${code}\\]\\n$`));
    expect(outcome.stderr).toMatch(message);
    expect(outcome.stderr).not.toContain(SECRET);
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  });

  it.each<[string, string, RegExp]>([
    ['a folder', 'configs', /^loadout serve: cannot read .*configs: it is a folder, not a file \[file-unreadable\]\n$/],
    ['a JSONL file', 'servers.jsonl', /^loadout serve: .*servers\.jsonl: a config is JSON \(\.json\) or a module \(\.mjs, \.js, \.ts\); got "\.jsonl" \[config-invalid\]\n$/],
    ['a file without an extension', 'servers', /^loadout serve: .*servers: a config is JSON .*; got "no extension" \[config-invalid\]\n$/],
  ])('--config naming %s: exit 2 with its code, never an import error of our own modules', async (_, name, message) => {
    const folder = scratch({ 'servers.jsonl': '{"mcpServers": {}}\n', servers: '{}' });
    mkdirSync(join(folder, 'configs'));
    const outcome = await loadout(folder, ['serve', '--config', name]);
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr).toMatch(message);
    expect(outcome.stderr).not.toMatch(/dist|import-config-module|Directory import/);
  });

  it('a mod that throws at run time is skipped and reported, and the command still answers', async () => {
    const folder = scratch({
      'loadout.config.json': '{ "plugins": ["./flaky.mjs"] }',
      'flaky.mjs': "export default { name: 'flaky', hooks: { 'tool.describe': () => { throw new Error('flaked'); } } };\n",
    });
    expect((await loadout(folder, ['trust'])).code).toBe(0);
    const outcome = await loadout(folder, ['search', 'create a pull request', '--json']);
    expect(outcome.code).toBe(0);
    expect(outcome.stderr).toMatch(/mod "flaky" failed for tool .* and was skipped: flaked \[mod-failed\]/);
    const searched = JSON.parse(outcome.stdout) as { hits: unknown[]; warnings: { code: string; message: string }[] };
    expect(searched.hits.length).toBeGreaterThan(0);
    // --json carries what stderr said, as plan --json does: {code, message} each.
    const failed = { code: 'mod-failed', message: expect.stringMatching(/^mod "flaky" failed for tool .* and was skipped: flaked$/) };
    expect(searched.warnings.length).toBeGreaterThan(0);
    for (const warning of searched.warnings) expect(warning).toEqual(failed);
    const plan = await loadout(folder, ['plan', '--json']);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toContain('[mod-failed]');
    expect((JSON.parse(plan.stdout) as { warnings: unknown[] }).warnings).toContainEqual(failed);
    for (const rankers of [['--ranker', 'bm25f'], ['--ranker', 'bm25f,regex']]) {
      const evaluated = await loadout(folder, ['eval', ...rankers, '--json']);
      expect(evaluated.code, rankers.join(' ')).toBe(0);
      expect((JSON.parse(evaluated.stdout) as { warnings: unknown[] }).warnings).toContainEqual(failed);
    }
  });
});

describe('a Claude-style .mcp.json with keys of its own', () => {
  it('still serves: the unknown top-level keys are a warning, not an error', async () => {
    const folder = scratch({
      '.mcp.json': JSON.stringify({
        $schema: 'https://example.com/mcp.schema.json',
        inputs: [{ id: 'token', type: 'promptString' }],
        mcpServers: { weather: { command: process.execPath, args: [weatherServer], disabled: false } },
      }),
    });
    let stderr = '';
    const transport = new StdioClientTransport({ command: process.execPath, args: [main, 'serve', '--config', '.mcp.json'], cwd: folder, env: { PATH: process.env['PATH'] ?? '', ENABLE_TOOL_SEARCH: 'false' }, stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const client = new Client({ name: 'mcp-json-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('mcp__weather__get_forecast');
    } finally {
      await client.close();
    }
    expect(stderr).toMatch(/\.mcp\.json: unknown key "\$schema".*ignored, as in an MCP file of another tool \[config-unknown-key\]/);
    expect(stderr).toMatch(/unknown key "inputs"/);
  });

  it('while a loadout.config.json, or a file without mcpServers, with the same key is an error (a typo there is caught)', async () => {
    const outcome = await loadout(scratch({ 'loadout.config.json': '{ "inputs": [], "mcpServers": {} }' }), ['serve']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(/unknown key "inputs".*\[config-unknown-key\]\n$/);
    const other = await loadout(scratch({ 'team.json': '{ "limt": 3 }' }), ['search', 'x', '--config', 'team.json']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/team\.json: unknown key "limt"; did you mean "limit"\?.*\[config-unknown-key\]\n$/);
  });
});
