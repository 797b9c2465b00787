import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideToolSearch } from '@loadout/core';
import type { PolicyInput } from '@loadout/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// End-to-end check of `loadout policy` against policy-contract.md, through
// the built CLI (`pnpm build` first). A handful of spawns, on purpose.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'apps/cli/dist/main.js');
const directory = mkdtempSync(join(tmpdir(), 'loadout-policy-contract-'));

/** The process environment of every spawn: variables the policy must NOT read (it reads `env` from the JSON only). */
const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  ENABLE_TOOL_SEARCH: 'false',
  CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1',
  LOADOUT_DEBUG: '',
  NO_COLOR: '1',
};

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], stdin = ''): Run {
  const result = spawnSync(command, args, { cwd: root, env: childEnv, input: stdin, encoding: 'utf8', timeout: 15_000 });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function policy(args: readonly string[], stdin = ''): Run {
  return run(process.execPath, [main, 'policy', ...args], stdin);
}

function writeInput(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

const STACK = /^\s+at\s|node:internal|\.[cm]?js:\d+:\d+/m;

function expectNoStack(result: Run): void {
  expect(result.stdout).not.toMatch(STACK);
  expect(result.stderr).not.toMatch(STACK);
}

/** The contract's example input, with a token count on every tool so the tokenizer does not matter. */
const input: PolicyInput = {
  model: 'claude-sonnet-4-5-20250929',
  provider: 'anthropic',
  env: { ENABLE_TOOL_SEARCH: 'auto:5', ANTHROPIC_BASE_URL: 'https://llm-gateway.internal.example' },
  sdkVersion: '2.1.310',
  managedSettings: { keepToolSearchOn: true },
  hipaa: false,
  contextWindow: 200_000,
  conversation: { toolSearchActivated: false },
  servers: { github: { alwaysLoad: false }, jira: { alwaysLoad: true } },
  tools: [
    { name: 'Bash', kind: 'core', tokens: 300 },
    { name: 'WebFetch', kind: 'builtin', description: 'Fetch a URL.', inputSchema: {}, tokens: 2_000 },
    {
      name: 'create_issue',
      server: 'github',
      kind: 'mcp',
      description: 'Create an issue.',
      inputSchema: {},
      tokens: 412,
      _meta: { 'anthropic/alwaysLoad': true },
    },
    { name: 'list_issues', server: 'github', tokens: 6_000 },
    { name: 'get_pull', server: 'github', tokens: 1_588 },
    { name: 'search', server: 'jira', tokens: 5_000 },
  ],
  mods: [
    { plugin: 'pin-github', rules: [{ server: 'github', tool: 'create_*', isDeferred: false }] },
    { plugin: 'defer-jira', rules: [{ server: 'jira', isDeferred: true }] },
  ],
};

beforeAll(() => {
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`pnpm build\` before this test`);
});

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe('loadout policy: the contract, end to end', () => {
  it('reads JSON on stdin and prints the decision, exit 0, the same as decideToolSearch', () => {
    const result = policy([], JSON.stringify(input));
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const decision = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(decision).toMatchObject({
      toolSearch: 'on',
      reason: 'auto-threshold-reached',
      mode: 'auto',
      thresholdPercent: 5,
      thresholdTokens: 10_000,
      deferrableTokens: 2_000 + 6_000 + 1_588 + 5_000,
    });
    expect([...(decision['deferred'] as string[])].sort()).toEqual(
      ['WebFetch', 'mcp__github__get_pull', 'mcp__github__list_issues', 'mcp__jira__search'],
    );
    expect([...(decision['upfront'] as string[])].sort()).toEqual(['Bash', 'mcp__github__create_issue']);
    expect(decision).toEqual(JSON.parse(JSON.stringify(decideToolSearch(input))));
  });

  it('reads the input from --input FILE', () => {
    const result = policy(['--input', writeInput('input.json', JSON.stringify(input, null, 2))]);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(JSON.parse(JSON.stringify(decideToolSearch(input))));
  });

  it('works as `pnpm --silent loadout policy` from the repository root', () => {
    const result = run('pnpm', ['--silent', 'loadout', 'policy'], JSON.stringify({ model: 'claude-opus-4-5-20251101' }));
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ toolSearch: 'on', reason: 'default-on', deferred: [], upfront: [] });
  });
});

describe('loadout policy: malformed input exits 2 with a JSON error and no stack trace', () => {
  const cases: [string, readonly string[], string, RegExp][] = [
    ['malformed JSON on stdin', [], '{"model": "claude-opus-4-5",', /JSON/i],
    ['a non-object in --input FILE', ['--input', 'FILE'], '["claude-opus-4-5"]', /object/i],
    ['a missing model', [], '{"env": {"ENABLE_TOOL_SEARCH": "true"}}', /model/],
    ['a wrong type', [], '{"model": "claude-opus-4-5", "tools": [{"name": "x", "tokens": "many"}]}', /tokens/],
  ];

  it.each(cases)('%s', (_, args, text, mentions) => {
    const files = args.map((arg) => (arg === 'FILE' ? writeInput('bad.json', text) : arg));
    const result = policy(files, args.includes('FILE') ? '' : text);
    expect(result.status).toBe(2);
    const output = JSON.parse(result.stdout) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof output.error?.code).toBe('string');
    expect(output.error?.code).not.toBe('');
    expect(typeof output.error?.message).toBe('string');
    expect(output.error?.message).toMatch(mentions);
    expectNoStack(result);
  });
});
