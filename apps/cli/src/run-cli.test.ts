import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from './run-cli.js';
import { allCommands } from './commands/all-commands.js';
import { fakeContext } from './__fixtures__/fake-context.js';

const directory = mkdtempSync(join(tmpdir(), 'loadout-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
writeFileSync(join(directory, 'broken-mods.json'), '[{"plugin": ');
const catalogPath = join(directory, 'tools.json');
writeFileSync(
  catalogPath,
  JSON.stringify({
    servers: { calendar: { alwaysLoad: true } },
    tools: [
      { name: 'Bash', kind: 'core', tokens: 300 },
      { name: 'create_issue', server: 'github', description: 'Create an issue', tokens: 6000 },
      { name: 'list_events', server: 'calendar', tokens: 900 },
      { name: 'broken', server: 'github', inputSchema: 'not an object' },
    ],
  }),
);

describe('loadout (top level)', () => {
  it('lists every command in --help', async () => {
    const run = fakeContext();
    expect(await runCli(['--help'], run.context)).toBe(0);
    for (const command of allCommands) expect(run.stdout()).toContain(command.name);
  });

  it('rejects an unknown command with exit 2 and the usage', async () => {
    const run = fakeContext();
    expect(await runCli(['plam'], run.context)).toBe(2);
    expect(run.stderr()).toContain('unknown command "plam"');
  });

  it('calls a mistyped flag before any command an unknown option, with the closest of --help and --version', async () => {
    const run = fakeContext();
    expect(await runCli(['--versoin'], run.context)).toBe(2);
    expect(run.stderr()).toMatch(/^loadout: unknown option "--versoin"; did you mean --version\? \[invalid-option\]\n\nloadout: tool search/);
    expect(run.stdout()).toBe('');
  });

  it('suggests the closest command for a typo', async () => {
    const run = fakeContext();
    expect(await runCli(['serach'], run.context)).toBe(2);
    expect(run.stderr()).toContain('did you mean search?');
  });

  it('suggests the command a longer word starts with (evaluate: eval), and nothing for a word unlike any', async () => {
    for (const [word, command] of [['evaluate', 'eval'], ['searching', 'search'], ['Learning', 'learn']]) {
      const run = fakeContext();
      expect(await runCli([word!], run.context)).toBe(2);
      expect(run.stderr()).toMatch(new RegExp(`^loadout: unknown command "${word}"; did you mean ${command}\\? \\[invalid-option\\]\n`));
    }
    const far = fakeContext();
    expect(await runCli(['frobnicate'], far.context)).toBe(2);
    expect(far.stderr()).toMatch(/^loadout: unknown command "frobnicate" \[invalid-option\]\n/);
  });

  it('names an unknown flag once, with one prefix and the closest known flag', async () => {
    const run = fakeContext();
    expect(await runCli(['search', 'weather', '--catalgo', 'x.json'], run.context)).toBe(2);
    expect(run.stderr()).toBe('loadout search: unknown option --catalgo; did you mean --catalog? (see loadout search --help) [invalid-option]\n');
  });

  it('says which flag lacks a value, without parseArgs wording', async () => {
    const run = fakeContext();
    expect(await runCli(['plan', '--catalog'], run.context)).toBe(2);
    expect(run.stderr()).toBe('loadout plan: --catalog needs a value (see loadout plan --help) [invalid-option]\n');
  });

  it('prints a command help through `loadout help <command>`', async () => {
    const run = fakeContext();
    expect(await runCli(['help', 'plan'], run.context)).toBe(0);
    expect(run.stdout()).toContain('loadout plan: show what tool search would defer');
    const alone = fakeContext();
    expect(await runCli(['help'], alone.context)).toBe(0);
    expect(alone.stdout()).toMatch(/^loadout: tool search/);
  });

  it('reports `loadout help` of an unknown command as the unknown command it is', async () => {
    const run = fakeContext();
    expect(await runCli(['help', 'serach'], run.context)).toBe(2);
    expect(run.stdout()).toBe('');
    expect(run.stderr()).toMatch(/^loadout: unknown command "serach"; did you mean search\? \[invalid-option\]\n/);
  });

  it.each(allCommands.map((command) => command.name))('%s --help teaches usage and exits 0', async (name) => {
    const run = fakeContext();
    expect(await runCli([name, '--help'], run.context)).toBe(0);
    expect(run.stdout()).toContain(`loadout ${name}`);
    expect(run.stdout()).toMatch(/Usage:/);
  });
});

describe('loadout plan', () => {
  it('prints the decision, counts, tokens per server, threshold and trace', async () => {
    const run = fakeContext();
    const code = await runCli(['plan', '--catalog', catalogPath, '--env', 'ENABLE_TOOL_SEARCH=auto:3'], run.context);
    expect(code).toBe(0);
    const text = run.stdout();
    expect(text).toContain('Tool search  ON  reason: auto-threshold-reached');
    expect(text).toContain('auto at 3% = 6,000 tokens; deferrable definitions: 6,000 tokens (reached)');
    expect(text).toMatch(/github\s+1\s+6,000\s+1\s+6,000/);
    expect(text).toMatch(/calendar\s+1\s+900\s+0\s+0/);
    expect(text).toContain('Decision trace');
    expect(run.stderr()).toContain('catalog-invalid-schema');
  });

  it('warns tool-too-large for a definition over a tenth of the context window, and --strict fails on it', async () => {
    const path = join(directory, 'large-tool.json');
    writeFileSync(path, JSON.stringify([{ name: 'dump', server: 'docs', description: 'x', tokens: 812_345 }, { name: 'ok', server: 'docs', tokens: 100 }]));
    const run = fakeContext();
    expect(await runCli(['plan', '--catalog', path, '--context-window', '200000'], run.context)).toBe(0);
    expect(run.stderr()).toContain("loadout plan: warning: mcp__docs__dump's definition counts 812,345 tokens, over 20,000 (10% of the 200,000-token context window)");
    expect(run.stderr()).toContain('[tool-too-large]');
    const json = fakeContext();
    expect(await runCli(['plan', '--catalog', path, '--json'], json.context)).toBe(0);
    const plan = JSON.parse(json.stdout()) as { warnings: { code: string }[]; decision: { warnings: unknown[] } };
    expect(plan.warnings.map((warning) => warning.code)).toEqual(['tool-too-large']);
    expect(plan.decision.warnings).toEqual([]);
    const strict = fakeContext();
    expect(await runCli(['plan', '--catalog', path, '--strict'], strict.context)).toBe(2);
    expect(strict.stderr()).toContain('strict-failed');
  });

  it('says a mod lengthened a tool that tool-too-large names, and to shorten what the mod writes', async () => {
    const path = join(directory, 'modded-tool.json');
    writeFileSync(path, JSON.stringify([{ name: 'dump', server: 'docs', description: 'Dump the docs.' }]));
    const modsPath = join(directory, 'verbose-mods.json');
    writeFileSync(modsPath, JSON.stringify([{ plugin: 'verbose', rules: [{ server: 'docs', description: 'word '.repeat(40_000) }] }]));
    const run = fakeContext();
    expect(await runCli(['plan', '--catalog', path, '--mods', modsPath, '--context-window', '200000'], run.context)).toBe(0);
    expect(run.stderr()).toMatch(/mcp__docs__dump's definition counts [\d,]+ tokens, over 20,000 .*; a mod lengthened its description \(from 14 to 200,000 characters\): shorten what the mod writes \[tool-too-large\]/);
  });

  it('prints the full plan as JSON with --json', async () => {
    const run = fakeContext();
    expect(await runCli(['plan', '--catalog', catalogPath, '--env', 'ENABLE_TOOL_SEARCH=false', '--json'], run.context)).toBe(0);
    const plan = JSON.parse(run.stdout()) as { decision: { reason: string; upfront: string[]; deferred: string[] }; issues: unknown[] };
    expect(plan.decision.reason).toBe('env-false');
    expect(plan.decision.deferred).toEqual([]);
    expect(plan.decision.upfront).toHaveLength(3);
    expect(plan.issues).toHaveLength(1);
  });

  it('inherits ENABLE_TOOL_SEARCH from the shell unless --clean-env', async () => {
    const inherited = fakeContext({ env: { ENABLE_TOOL_SEARCH: 'false' } });
    await runCli(['plan', '--catalog', catalogPath, '--json'], inherited.context);
    expect(JSON.parse(inherited.stdout()).decision.reason).toBe('env-false');
    const clean = fakeContext({ env: { ENABLE_TOOL_SEARCH: 'false' } });
    await runCli(['plan', '--catalog', catalogPath, '--json', '--clean-env'], clean.context);
    expect(JSON.parse(clean.stdout()).decision.reason).toBe('default-on');
  });

  it('fails with exit 2 and a coded error in strict mode', async () => {
    const run = fakeContext();
    expect(await runCli(['plan', '--catalog', catalogPath, '--strict'], run.context)).toBe(2);
    expect(run.stderr()).toMatch(/\[catalog-invalid-schema\]/);
  });

  it.each([
    [['plan', '--catalog', join(directory, 'missing.json')], 'file-not-found'],
    [['plan', '--env', 'NOEQUALS'], 'invalid-option'],
    [['plan', '--context-window', '-5'], 'invalid-option'],
    [['plan', '--bogus'], 'invalid-option'],
    [['plan', '--mods', join(directory, 'broken-mods.json')], 'mod-invalid'],
  ])('%j exits 2 with %s and no stack trace', async (argv, code) => {
    const run = fakeContext();
    expect(await runCli(argv, run.context)).toBe(2);
    expect(run.stderr()).toContain(`[${code}]`);
    expect(run.stderr()).not.toMatch(/\n\s+at /);
  });

  it('prints errors as JSON with --json', async () => {
    const run = fakeContext();
    expect(await runCli(['plan', '--catalog', join(directory, 'missing.json'), '--json'], run.context)).toBe(2);
    expect(JSON.parse(run.stdout())).toEqual({ error: expect.objectContaining({ code: 'file-not-found' }) });
  });

  it('applies declarative mods from --mods', async () => {
    const modsPath = join(directory, 'mods.json');
    writeFileSync(modsPath, JSON.stringify([{ plugin: 'pin', rules: [{ server: 'github', tool: 'create_*', isDeferred: false }] }]));
    const run = fakeContext();
    await runCli(['plan', '--catalog', catalogPath, '--mods', modsPath, '--json', '--clean-env'], run.context);
    const plan = JSON.parse(run.stdout()) as { decision: { deferred: string[]; deferrableTokens: number } };
    expect(plan.decision.deferred).toEqual([]);
    expect(plan.decision.deferrableTokens).toBe(0);
  });
});

describe('loadout demo', () => {
  it('plans the embedded catalog and shows decisions per scenario', async () => {
    const run = fakeContext();
    expect(await runCli(['demo'], run.context)).toBe(0);
    const text = run.stdout();
    expect(text).toContain('Decision trace');
    expect(text).toMatch(/ENABLE_TOOL_SEARCH=false\s+off\s+env-false/);
    expect(text).toMatch(/a Claude 3\.7 model\s+off\s+model-unsupported/);
    expect(text).toContain('You can search for tools to interact with');
  });
});

describe('loadout policy (in process)', () => {
  it('accepts input that starts with a byte-order mark', async () => {
    const run = fakeContext({ stdin: '\uFEFF{"model": "claude-sonnet-4-5"}' });
    expect(await runCli(['policy', '--compact'], run.context)).toBe(0);
    expect(JSON.parse(run.stdout())).toMatchObject({ toolSearch: 'on', reason: 'default-on' });
  });

  it('rejects a tool the decision could not list, with exit 2 and a JSON error', async () => {
    const run = fakeContext({ stdin: JSON.stringify({ model: 'opus', tools: [{ name: 'a' }, { name: 'a' }] }) });
    expect(await runCli(['policy'], run.context)).toBe(2);
    expect(JSON.parse(run.stdout())).toEqual({ error: expect.objectContaining({ code: 'invalid-input' }) });
  });

  it.each([
    ['a 100,000-level nested array', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'invalid-input'],
    ['a 100,000-level array as the model', `{"model": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 'invalid-input'],
    ['invalid JSON nested 100,000 levels', '['.repeat(100_000), 'invalid-input'],
    ['a model that is an array nested 200 levels', `{"model": ${'['.repeat(200)}${']'.repeat(200)}}`, 'invalid-input'],
    [
      'a tool schema holding a 100,000-level nested array',
      `{"model": "opus", "tools": [{"name": "a", "inputSchema": {"default": ${'['.repeat(100_000)}${']'.repeat(100_000)}}}]}`,
      'invalid-input',
    ],
  ])('answers %s with exit 2 and a JSON error', async (_, stdin, code) => {
    const run = fakeContext({ stdin });
    expect(await runCli(['policy'], run.context)).toBe(2);
    expect(JSON.parse(run.stdout())).toEqual({ error: expect.objectContaining({ code }) });
  });
});

describe('loadout search with a hostile catalog', () => {
  it('answers a catalog of invalid JSON nested 11,000 levels with exit 2 and catalog-invalid-json', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loadout-deep-catalog-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    writeFileSync(join(folder, 'deep.json'), '['.repeat(11_000) + '{');
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['search', 'anything', '--catalog', 'deep.json'], run.context)).toBe(2);
    expect(run.stderr()).toMatch(/invalid JSON at line 1, column 1001 .*\[catalog-invalid-json\]/);
  });
});
