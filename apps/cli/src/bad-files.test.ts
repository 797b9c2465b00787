import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

const SECRET = 'sk-live-hunter2';
const folder = mkdtempSync(join(tmpdir(), 'loadout-bad-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'secret.json'), `${SECRET} {{{`);
writeFileSync(join(folder, 'secret.jsonl'), `{"name": "a"}\n${SECRET} {{{\n`);
writeFileSync(join(folder, 'queries.jsonl'), '{"id": "1", "query": "x", "relevant": ["a"]}\n');
writeFileSync(join(folder, 'usage.jsonl'), '{"query": "x", "called": ["mcp__github__create_issue"]}\n');
writeFileSync(join(folder, 'a-file'), '');
mkdirSync(join(folder, 'a-folder'));
mkdirSync(join(folder, 'decision-is-a-folder', 'learned.json'), { recursive: true });

describe('a bad file is named by its path and code, never by its contents', () => {
  it.each([
    [['policy', '--input', 'secret.json'], 'invalid-input'],
    [['plan', '--catalog', 'secret.json'], 'catalog-invalid-json'],
    [['eval', '--tools', 'secret.jsonl', '--queries', 'queries.jsonl'], 'catalog-invalid-json'],
    [['serve', '--config', 'secret.json'], 'config-invalid'],
    [['catalog', 'pull', '--config', 'secret.json'], 'mcp-invalid-config'],
    [['plan', '--mods', 'secret.json'], 'mod-invalid'],
  ])('%j exits 2 with %s', async (argv, code) => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(argv, run.context)).toBe(2);
    const output = run.stdout() + run.stderr();
    expect(output).toContain(code);
    expect(output).toMatch(/line \d+/);
    expect(output).not.toContain('hunter2');
    expect(output).not.toMatch(/'s'|"sk-/);
  });
});

describe('loadout learn with a FILE or --store it cannot use', () => {
  it.each([
    [['learn', 'a-folder'], 'file-unreadable', /cannot read .*a-folder: it is a folder, not a file/],
    [['learn', 'usage.jsonl', '--store', 'a-file/feedback.jsonl'], 'file-unwritable', /cannot write .*a-file\/feedback\.jsonl: E[A-Z]+/],
    [['learn', 'usage.jsonl', '--store', 'decision-is-a-folder/feedback.jsonl'], 'file-unwritable', /cannot write .*decision-is-a-folder\/learned\.json: E[A-Z]+/],
    // Nothing usable (its tool "a" is not in the demo catalog): refused before anything is written.
    [['learn', 'queries.jsonl', '--store', 'a-file/feedback.jsonl'], 'feedback-empty', /queries\.jsonl has no usable events: its one line was skipped/],
  ])('%j exits 2 with %s, not an unexpected failure', async (argv, code, words) => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(argv, run.context)).toBe(2);
    expect(run.stderr()).toMatch(words);
    expect(run.stderr()).toContain(`[${code}]`);
  });
});
